"""``loopwatch serve`` as a subprocess: ready file, real traffic, SIGTERM, config errors."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from loopwatch import wire
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector import environment_variables as env
from loopwatch_collector.testing import collector_process
from tests.collector.collector_builders import tool_step, trace_id


def test_serve_answers_and_stops_cleanly_on_sigterm() -> None:
    with collector_process(
        {"agents": {"bot": {"mode": "enforce"}}}, env={env.LOOPWATCH_LOG_LEVEL: "INFO"}
    ) as proc:
        with grpc.insecure_channel(proc.endpoints.grpc_target) as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
            assert health.status == health_pb2.HealthCheckResponse.SERVING
            stub = pb_grpc.LoopGuardStub(channel)
            request = pb.EvaluateRequest(
                trace_id=trace_id(300), agent="bot", events=wire.events_to_proto(tool_step(0))
            )
            assert stub.Evaluate(request, timeout=5).action == pb.ACTION_CONTINUE
        ready = httpx.get(f"{proc.endpoints.http_url}/readyz", timeout=5)
        assert ready.status_code == 200
        assert proc.terminate() == 0
        assert "level=INFO" in proc.log()
        assert "collector stopped" in proc.log()


def test_serve_rejects_bad_configuration() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "loopwatch_collector.cli", "serve"],
        env={env.LOOPWATCH_GRPC_PORT: "many", "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"loopwatch serve: {env.LOOPWATCH_GRPC_PORT}=many:")


@pytest.mark.parametrize(
    ("flag", "listener", "variable"),
    [
        ("--grpc-port", "gRPC", env.LOOPWATCH_GRPC_PORT),
        ("--http-port", "REST/metrics", env.LOOPWATCH_HTTP_PORT),
        ("--otlp-http-port", "OTLP/HTTP", env.LOOPWATCH_OTLP_HTTP_PORT),
    ],
)
def test_a_busy_port_is_one_line_naming_it_and_exit_2(flag: str, listener: str, variable: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ports = {"--grpc-port": "0", "--http-port": "0", "--otlp-http-port": "0", flag: str(port)}
        result = subprocess.run(
            [sys.executable, "-m", "loopwatch_collector.cli", "serve", "--host", "127.0.0.1"]
            + [part for item in ports.items() for part in item],
            env={"PATH": ""},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"loopwatch serve: {listener} port {port} on 127.0.0.1 is already in use "
        f"(is another collector running?); choose another with {flag} or {variable}"
    ]


def test_serve_rejects_bad_redis_options_naming_the_key(tmp_path: Path) -> None:
    config = tmp_path / "loopwatch.yaml"
    config.write_text("store: redis\nredis: {options: {cas_attempts: 0}}\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "loopwatch_collector.cli", "serve", "--config", str(config)],
        env={"PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("loopwatch serve: redis.options.cas_attempts:")
    assert "Traceback" not in result.stderr


def test_a_worker_that_does_not_start_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from loopwatch_collector.cli import main
    from loopwatch_collector.receivers.offload import DecodeWorker, WorkerUnavailableError

    async def dies(self: DecodeWorker) -> None:
        raise WorkerUnavailableError("the ingest worker stopped; retry")

    monkeypatch.setattr(DecodeWorker, "start", dies)
    ports = ["--grpc-port", "0", "--http-port", "0", "--otlp-http-port", "0"]
    assert main(["serve", "--host", "127.0.0.1", *ports]) == 1
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 1
    assert "ingest worker did not start" in errors[0]
