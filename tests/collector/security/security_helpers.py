"""Builders for the security tests: two tenants with keys, credentials, OTLP tool spans."""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch import wire
from loopwatch.events import Step, ToolCall, ToolResult
from loopwatch.wire import pb

ALPHA_KEY = "alpha-key-0123456789abcdef"
BETA_KEY = "beta-key-fedcba9876543210"
WRONG_KEY = "not-a-configured-key-000000"

#: Credentials of the authorization matrix: (name, key sent, tenant that key belongs to).
CREDENTIALS: dict[str, str | None] = {
    "no key": None,
    "wrong key": WRONG_KEY,
    "other tenant": BETA_KEY,
    "right key": ALPHA_KEY,
}


def sha256(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def two_tenants(**extra: Any) -> dict[str, Any]:
    """A collector config with tenants ``alpha`` (hash in the config) and ``beta``."""
    auth = {
        "keys": [
            {"tenant": "alpha", "sha256": sha256(ALPHA_KEY)},
            {"tenant": "beta", "sha256": sha256(BETA_KEY)},
        ],
        **extra.pop("auth", {}),
    }
    return {"auth": auth, **extra}


def metadata(key: str | None) -> tuple[tuple[str, str], ...]:
    """gRPC metadata carrying ``key`` as a bearer token (none without a key)."""
    return () if key is None else (("authorization", f"Bearer {key}"),)


def headers(key: str | None) -> dict[str, str]:
    return {} if key is None else {"Authorization": f"Bearer {key}"}


def tool_span(
    trace_id: bytes, call_id: str, *, result: str = "same", conversation: str | None = None
) -> Span:
    """A GenAI ``execute_tool`` span: the same call and result each time, i.e. a loop."""
    span = Span(
        trace_id=trace_id,
        span_id=os.urandom(8),
        name="execute_tool read_file",
        start_time_unix_nano=1_700_000_000_000_000_000,
        end_time_unix_nano=1_700_000_000_000_001_000,
    )
    attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "read_file",
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": '{"path": "a"}',
        "gen_ai.tool.call.result": result,
    }
    if conversation is not None:
        attributes["gen_ai.conversation.id"] = conversation
    for key, value in attributes.items():
        span.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
    return span


def otlp_request(*spans: Span, service: str = "otlp-agent") -> ExportTraceServiceRequest:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.append(KeyValue(key="service.name", value=AnyValue(string_value=service)))
    rs.scope_spans.add().spans.extend(spans)
    return req


def step_events(i: int, *, result: str = "no match") -> list[pb.Event]:
    """One completed step on the wire: the same ``grep`` call and result (a loop when repeated)."""
    call = ToolCall.create(id=f"call_{i}", name="grep", arguments={"q": "x"})
    return wire.events_to_proto(
        [
            Step.create(event_id=f"step:call_{i}", text="I will run grep.", tool_calls=(call,)),
            ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=result),
        ]
    )


def evaluate_request(
    trace_id: str, step: int, *, agent: str = "bot", conversation: str = "", result: str = "no match"
) -> pb.EvaluateRequest:
    """``Evaluate`` with one step; the default result repeats (a loop), a distinct one is healthy."""
    return pb.EvaluateRequest(
        trace_id=trace_id, agent=agent, conversation_id=conversation, events=step_events(step, result=result)
    )


@dataclass(frozen=True)
class Pki:
    """A CA, a server certificate for 127.0.0.1 / localhost and a client certificate, as files."""

    ca: Path
    server_cert: Path
    server_key: Path
    client_cert: Path
    client_key: Path


def make_pki(directory: Path, name: str = "test") -> Pki:
    """Generate a fresh PKI in ``directory`` (EC P-256 keys, one-day validity)."""
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{name} CA")])
    ca_cert = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )

    def leaf(common_name: str, san: list[x509.GeneralName] | None) -> tuple[bytes, bytes]:
        key = ec.generate_private_key(ec.SECP256R1())
        builder = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
            .issuer_name(ca_name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
        )
        if san:
            builder = builder.add_extension(x509.SubjectAlternativeName(san), critical=False)
        cert = builder.sign(ca_key, hashes.SHA256())
        key_pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return cert.public_bytes(serialization.Encoding.PEM), key_pem

    server = leaf("localhost", [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))])
    client = leaf(f"{name} agent", None)
    pki = Pki(
        ca=directory / "ca.pem",
        server_cert=directory / "server.pem",
        server_key=directory / "server.key",
        client_cert=directory / "client.pem",
        client_key=directory / "client.key",
    )
    pki.ca.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    pki.server_cert.write_bytes(server[0])
    pki.server_key.write_bytes(server[1])
    pki.client_cert.write_bytes(client[0])
    pki.client_key.write_bytes(client[1])
    return pki
