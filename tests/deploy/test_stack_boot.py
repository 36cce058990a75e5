"""The collector as deployed boots: ``loopwatch serve`` (the image's ENTRYPOINT + CMD) with the
exact environment and configuration file of the compose stack and of the Kubernetes manifests,
against a real Redis; then the image's HEALTHCHECK command and the Kubernetes gRPC health probe
(grpc.health.v1, service "") pass while it runs, and it stops cleanly on SIGTERM.

Only the listen addresses are changed (127.0.0.1, free ports, through LOOPWATCH_* variables) and
the Redis URL's host, since the stack's host names do not resolve here. redis-server is Debian's
(scripts/install-system-deps.sh); a missing binary fails.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest
import redis
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import events_to_proto, pb, pb_grpc

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
START_TIMEOUT_S = 30.0
LOOPWATCH = Path(sys.executable).with_name("loopwatch")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait(condition: Any, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def redis_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server not found: run scripts/install-system-deps.sh")
    port = _free_port()
    directory = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=directory,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)

    def up() -> bool:
        try:
            return bool(client.ping())
        except redis.ConnectionError:
            return False

    try:
        _wait(up, "redis-server")
        yield port
    finally:
        client.close()
        process.terminate()
        process.wait(10)


API_KEY = "boot-test-key-0123456789"


def _local_api_keys(env: dict[str, str], tmp_path: Path) -> None:
    """The deployments read their keys from a mounted secret: a local file stands in for it."""
    keys = tmp_path / "api-keys"
    keys.write_text(f"boot-test:{API_KEY}\n", encoding="utf-8")
    assert env["LOOPWATCH_API_KEYS_FILE"].startswith(("/run/secrets/", "/etc/loopwatch-keys/"))
    env["LOOPWATCH_API_KEYS_FILE"] = str(keys)


def _compose_deployment(tmp_path: Path) -> dict[str, str]:
    """The environment of loopwatch-1 in deploy/compose.yaml, its config path made local."""
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    service = compose["services"]["loopwatch-1"]
    env: dict[str, str] = dict(service["environment"])
    for volume in service["volumes"]:
        source, target, *_ = volume.split(":")
        if target == env["LOOPWATCH_CONFIG"]:
            env["LOOPWATCH_CONFIG"] = str((DEPLOY / source).resolve())
    _local_api_keys(env, tmp_path)
    return env


def _kubernetes_deployment(tmp_path: Path) -> dict[str, str]:
    """The environment of the collector container in deploy/k8s, the ConfigMap written out."""
    deployment = yaml.safe_load((DEPLOY / "k8s" / "deployment.yaml").read_text(encoding="utf-8"))
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e["value"] for e in container["env"]}
    config_map = yaml.safe_load((DEPLOY / "k8s" / "configmap.yaml").read_text(encoding="utf-8"))
    key = Path(env["LOOPWATCH_CONFIG"]).name
    local = tmp_path / key
    local.write_text(config_map["data"][key], encoding="utf-8")
    env["LOOPWATCH_CONFIG"] = str(local)
    _local_api_keys(env, tmp_path)
    return env


def _healthcheck_command() -> list[str]:
    """The exec-form HEALTHCHECK CMD of deploy/Dockerfile."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("HEALTHCHECK")]
    command: list[str] = json.loads(line.split(" CMD ", 1)[1])
    return command


def _evaluate_loop(target: str) -> list[int]:
    """The actions of the verdicts for a session repeating one call with one result."""
    trace_id = uuid.uuid4().hex
    actions = []
    with grpc.insecure_channel(target) as channel:
        stub = pb_grpc.LoopGuardStub(channel)
        for i in range(4):
            call = ToolCall.create(id=f"c{i}", name="search", arguments={"q": "same"})
            events: list[Event] = [
                Step.create(event_id=f"step:c{i}", text="Searching.", tool_calls=(call,)),
                ToolResult.create(event_id=f"result:c{i}", call_id=f"c{i}", content="no results"),
            ]
            request = pb.EvaluateRequest(trace_id=trace_id, agent="boot-test", events=events_to_proto(events))
            keyed = (("authorization", f"Bearer {API_KEY}"),)
            actions.append(stub.Evaluate(request, timeout=5.0, metadata=keyed).action)
    return actions


@pytest.mark.parametrize("deployment", [_compose_deployment, _kubernetes_deployment], ids=["compose", "k8s"])
def test_collector_boots_with_the_deployed_configuration(
    deployment: Any, redis_port: int, tmp_path: Path
) -> None:
    env: dict[str, str] = deployment(tmp_path)
    assert env["LOOPWATCH_STORE"] == "redis"
    env["LOOPWATCH_REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    http_port, grpc_port = _free_port(), _free_port()
    env.update(
        LOOPWATCH_HOST="127.0.0.1",
        LOOPWATCH_GRPC_PORT=str(grpc_port),
        LOOPWATCH_HTTP_PORT=str(http_port),
        LOOPWATCH_OTLP_HTTP_PORT=str(_free_port()),
    )
    log_path = tmp_path / "collector.log"
    with log_path.open("wb") as log:
        # ENTRYPOINT ["loopwatch"] + CMD ["serve"], as the image runs it.
        process = subprocess.Popen(
            [str(LOOPWATCH), "serve"], env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT
        )
    healthcheck = _healthcheck_command()
    check_env = {**os.environ, "LOOPWATCH_HTTP_PORT": str(http_port)}
    try:

        def ready() -> bool:
            assert process.poll() is None, log_path.read_text(errors="replace")
            try:
                return httpx.get(f"http://127.0.0.1:{http_port}/readyz", timeout=1.0).status_code == 200
            except httpx.HTTPError:
                return False

        _wait(ready, "the collector to be ready")
        # The image's HEALTHCHECK passes.
        assert subprocess.run(healthcheck, env=check_env, check=False, timeout=10).returncode == 0
        # The Kubernetes gRPC probes ask grpc.health.v1 for the overall service "".
        with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as channel:
            probe = health_pb2.HealthCheckRequest(service="")
            status = health_pb2_grpc.HealthStub(channel).Check(probe, timeout=5)
        assert status.status == health_pb2.HealthCheckResponse.SERVING
        # It detects through the Redis store, for a caller with the key; without, UNAUTHENTICATED.
        assert pb.ACTION_NUDGE in _evaluate_loop(f"127.0.0.1:{grpc_port}")
        unauthenticated = httpx.get(f"http://127.0.0.1:{http_port}/v1/sessions", timeout=5)
        assert unauthenticated.status_code == 401
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            returncode = process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"no clean stop on SIGTERM; log:\n{log_path.read_text(errors='replace')}")
    assert returncode == 0, log_path.read_text(errors="replace")
    # Stopped: the HEALTHCHECK now fails.
    failed = subprocess.run(healthcheck, env=check_env, check=False, timeout=10, capture_output=True)
    assert failed.returncode != 0
