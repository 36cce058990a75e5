"""The compose and Kubernetes paths start as the documents write them: the commands the docs
give (image build, key secret) match the manifests, the manifests' secrets, ports and variables
match what the collector reads, and the OpenTelemetry Collector in front forwards traces and
logs to the replicas."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from loopwatch_collector import environment_variables
from loopwatch_collector.config import load_config

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
K8S = DEPLOY / "k8s"
#: Where a user reads how to start the stack: both must say the same commands.
DEPLOY_DOCS = (DEPLOY / "README.md", REPO / "docs" / "deployment.md")
OTELCOL_CONFIGS = {
    "compose": lambda: yaml.safe_load((DEPLOY / "otelcol" / "config.yaml").read_text(encoding="utf-8")),
    "kubernetes": lambda: yaml.safe_load(_k8s("ConfigMap", "otelcol-config")["data"]["config.yaml"]),
}


def _k8s(kind: str, name: str) -> dict[str, Any]:
    for path in sorted(K8S.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if doc and doc["kind"] == kind and doc["metadata"]["name"] == name:
                found: dict[str, Any] = doc
                return found
    raise AssertionError(f"no {kind} {name} in deploy/k8s")


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("where", sorted(OTELCOL_CONFIGS))
def test_the_otel_collector_forwards_traces_and_logs_to_the_replicas(where: str) -> None:
    config = OTELCOL_CONFIGS[where]()
    pipelines = config["service"]["pipelines"]
    assert {"traces", "logs"} <= set(pipelines), "GenAI content sent as OTLP logs would be dropped"
    for name in ("traces", "logs"):
        pipeline = pipelines[name]
        assert pipeline["exporters"] == ["loadbalancing"]
        for kind in ("receivers", "processors", "exporters"):
            for component in pipeline.get(kind, []):
                assert component in config[kind], f"{name}: {kind} {component} is not defined"
    assert config["exporters"]["loadbalancing"]["routing_key"] == "traceID"  # spans and logs alike
    for extension in config["service"]["extensions"]:
        assert extension in config["extensions"]


def test_compose_collectors_read_the_key_secret_compose_fills_from_the_environment() -> None:
    compose = _compose()
    for name in ("loopwatch-1", "loopwatch-2"):
        service = compose["services"][name]
        (secret,) = service["secrets"]
        assert service["environment"]["LOOPWATCH_API_KEYS_FILE"] == f"/run/secrets/{secret}"
        source = compose["secrets"][secret]["environment"]
        assert source in environment_variables.ALL  # the same variable a collector reads itself
    for doc in DEPLOY_DOCS:
        text = doc.read_text(encoding="utf-8")
        export = text.index(f"export {source}=")
        assert export < text.index("docker compose -f deploy/compose.yaml up"), f"{doc}: keys before `up`"


def test_compose_collector_config_with_keys_passes_the_exposure_check(tmp_path: Path) -> None:
    """Listening on 0.0.0.0 needs keys: with the secret's file the collector's own loader and
    assembly accept the configuration (the refusal is raised while assembling)."""
    from loopwatch_collector.collector import Collector

    service = _compose()["services"]["loopwatch-1"]
    keys = tmp_path / "keys"
    keys.write_text("team-a:0123456789abcdef0123456789abcdef\n", encoding="utf-8")
    environ = {**service["environment"], "LOOPWATCH_API_KEYS_FILE": str(keys), "LOOPWATCH_STORE": "memory"}
    config = load_config(DEPLOY / "loopwatch.yaml", environ=environ)
    assert config.listen.host == "0.0.0.0"
    Collector(config)


def test_kubernetes_secret_mount_and_documented_command_agree() -> None:
    deployment = _k8s("Deployment", "loopwatch")
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    environment = {e["name"]: e["value"] for e in container["env"]}
    directory, _, file_key = environment["LOOPWATCH_API_KEYS_FILE"].rpartition("/")
    (mount,) = [m for m in container["volumeMounts"] if m["mountPath"] == directory]
    (volume,) = [v for v in pod["volumes"] if v["name"] == mount["name"]]
    secret = volume["secret"]["secretName"]
    namespace = yaml.safe_load((K8S / "kustomization.yaml").read_text(encoding="utf-8"))["namespace"]
    for doc in DEPLOY_DOCS:
        text = doc.read_text(encoding="utf-8")
        command = f"kubectl -n {namespace} create secret generic {secret} --from-file={file_key}="
        assert command in text, f"{doc} does not create the secret {secret} with the key {file_key}"


def test_kubernetes_image_is_the_one_the_docs_build() -> None:
    (container,) = _k8s("Deployment", "loopwatch")["spec"]["template"]["spec"]["containers"]
    image = container["image"]
    for doc in DEPLOY_DOCS:
        text = doc.read_text(encoding="utf-8")
        assert f"docker build -f deploy/Dockerfile -t {image} ." in text, f"{doc} does not build {image}"
