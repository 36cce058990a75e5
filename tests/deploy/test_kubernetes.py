"""deploy/k8s, checked offline: Kubernetes schemas (kubernetes-validate's bundled ones), and the
references between the manifests, the collector's configuration and the Prometheus job."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]  # no stubs published
import pytest
import yaml

from loopwatch_collector import environment_variables
from loopwatch_collector.config import CollectorConfig, config_from_mapping
from loopwatch_collector.receivers.limits import ingest_memory_bound

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
PROMETHEUS_K8S = REPO / "deploy" / "prometheus" / "prometheus-kubernetes.yml"
# The oldest Kubernetes with GA gRPC probes (1.27) and the newest schema bundled.
KUBERNETES_VERSIONS = ("1.27.0", "1.37.0")


def _documents() -> list[tuple[str, dict[str, Any]]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text(encoding="utf-8"))
    docs = []
    for name in kustomization["resources"]:
        for doc in yaml.safe_load_all((K8S / name).read_text(encoding="utf-8")):
            if doc is not None:
                docs.append((name, doc))
    return docs


def _find(kind: str, name: str) -> dict[str, Any]:
    for _file, doc in _documents():
        if doc["kind"] == kind and doc["metadata"]["name"] == name:
            return doc
    raise AssertionError(f"no {kind} {name}")


def _container(deployment: dict[str, Any]) -> dict[str, Any]:
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    found: dict[str, Any] = container
    return found


def test_kustomization_lists_every_manifest() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text(encoding="utf-8"))
    listed = set(kustomization["resources"])
    on_disk = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == on_disk


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_manifests_match_the_kubernetes_schemas(version: str) -> None:
    docs = _documents()
    assert len(docs) >= 10
    for file_name, doc in docs:
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.ValidationError as exc:
            pytest.fail(f"{file_name} {doc['kind']}/{doc['metadata']['name']} (k8s {version}): {exc.message}")


def test_the_issue_resources_exist() -> None:
    kinds = {(doc["kind"], doc["metadata"]["name"]) for _file, doc in _documents()}
    for expected in [
        ("Deployment", "loopwatch"),
        ("Service", "loopwatch"),
        ("Service", "loopwatch-headless"),
        ("HorizontalPodAutoscaler", "loopwatch"),
        ("PodDisruptionBudget", "loopwatch"),
        ("ConfigMap", "loopwatch-config"),
        ("Deployment", "loopwatch-redis"),
        ("Service", "loopwatch-redis"),
        ("Deployment", "otelcol"),
    ]:
        assert expected in kinds


def test_collector_uses_grpc_health_probes_on_its_grpc_port() -> None:
    container = _container(_find("Deployment", "loopwatch"))
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"]["port"] == ports["grpc"], probe


def test_collector_runs_non_root_with_a_read_only_root() -> None:
    deployment = _find("Deployment", "loopwatch")
    pod = deployment["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    container = _container(deployment)
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert "memory" in container["resources"]["limits"]


def test_selectors_match_the_collector_pods() -> None:
    deployment = _find("Deployment", "loopwatch")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    for service_name in ("loopwatch", "loopwatch-headless"):
        assert _find("Service", service_name)["spec"]["selector"].items() <= pod_labels.items()
    pdb_selector = _find("PodDisruptionBudget", "loopwatch")["spec"]["selector"]["matchLabels"]
    assert pdb_selector.items() <= pod_labels.items()
    target = _find("HorizontalPodAutoscaler", "loopwatch")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", "loopwatch")
    pdb_min = _find("PodDisruptionBudget", "loopwatch")["spec"]["minAvailable"]
    assert pdb_min < _find("HorizontalPodAutoscaler", "loopwatch")["spec"]["minReplicas"]


def test_service_ports_target_named_container_ports() -> None:
    for deployment_name, service_names in [
        ("loopwatch", ("loopwatch", "loopwatch-headless")),
        ("loopwatch-redis", ("loopwatch-redis",)),
        ("otelcol", ("otelcol",)),
    ]:
        names = {p["name"] for p in _container(_find("Deployment", deployment_name))["ports"]}
        for service_name in service_names:
            for port in _find("Service", service_name)["spec"]["ports"]:
                assert port["targetPort"] in names, (service_name, port)


def _collector_config() -> CollectorConfig:
    """The collector's configuration as the Deployment runs it (ConfigMap plus environment)."""
    deployment = _find("Deployment", "loopwatch")
    container = _container(deployment)
    environment = {e["name"]: e["value"] for e in container["env"]}
    unknown = set(environment) - set(environment_variables.ALL)
    assert not unknown, f"the collector does not read {unknown}"
    # LOOPWATCH_CONFIG names a key of the mounted ConfigMap.
    config_dir, _, key = environment["LOOPWATCH_CONFIG"].rpartition("/")
    (mount,) = [m for m in container["volumeMounts"] if m["mountPath"] == config_dir]
    (volume,) = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == mount["name"]]
    config_map = _find("ConfigMap", volume["configMap"]["name"])
    raw = yaml.safe_load(config_map["data"][key])
    raw["store"] = environment["LOOPWATCH_STORE"]
    raw.setdefault("redis", {})["url"] = environment["LOOPWATCH_REDIS_URL"]
    raw.setdefault("ui", {})["external_url"] = environment["LOOPWATCH_EXTERNAL_URL"]
    return config_from_mapping(raw)


def test_collector_environment_and_config_map_are_valid() -> None:
    deployment = _find("Deployment", "loopwatch")
    container = _container(deployment)
    config = _collector_config()
    # Alert and dashboard links to the session page need the URL people reach it at.
    assert config.ui.external_url is not None
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert (config.listen.grpc_port, config.listen.http_port, config.listen.otlp_http_port) == (
        ports["grpc"],
        ports["http"],
        ports["otlp-http"],
    )
    # SIGTERM drains within the pod's grace period.
    grace_period = deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert config.listen.shutdown_grace_s < grace_period
    redis = re.match(r"redis://([^:/]+):(\d+)", config.redis.url)
    assert redis is not None
    redis_service = _find("Service", redis.group(1))
    assert int(redis.group(2)) in {p["port"] for p in redis_service["spec"]["ports"]}


def test_scrape_annotations_point_at_the_metrics_port() -> None:
    deployment = _find("Deployment", "loopwatch")
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    ports = {p["name"]: p["containerPort"] for p in _container(deployment)["ports"]}
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == ports["http"]
    assert annotations["prometheus.io/path"] == "/metrics"


def test_otel_collector_routes_by_trace_id_through_the_headless_service() -> None:
    config = yaml.safe_load(_find("ConfigMap", "otelcol-config")["data"]["config.yaml"])
    exporter = config["exporters"]["loadbalancing"]
    assert exporter["routing_key"] == "traceID"
    dns = exporter["resolver"]["dns"]
    headless = _find("Service", dns["hostname"])
    assert headless["spec"]["clusterIP"] == "None"
    assert dns["port"] in {p["port"] for p in headless["spec"]["ports"]}
    # Same pipeline as the compose stack's OpenTelemetry Collector; only the resolver differs.
    compose_config = yaml.safe_load((REPO / "deploy" / "otelcol" / "config.yaml").read_text(encoding="utf-8"))
    for section in (config, compose_config):
        del section["exporters"]["loadbalancing"]["resolver"]
    assert config == compose_config


def test_kubernetes_scrape_config_keeps_the_collector_pods_under_the_alerts_job(
    promtool: str, tmp_path: Path
) -> None:
    config = yaml.safe_load(PROMETHEUS_K8S.read_text(encoding="utf-8"))
    (job,) = [j for j in config["scrape_configs"] if j["job_name"] == "loopwatch"]
    (sd,) = job["kubernetes_sd_configs"]
    assert sd["role"] == "pod"
    deployment = _find("Deployment", "loopwatch")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    keep = [r for r in job["relabel_configs"] if r.get("action") == "keep"]
    name_label = "__meta_kubernetes_pod_label_app_kubernetes_io_name"
    label_rule = next(r for r in keep if r["source_labels"] == [name_label])
    assert re.fullmatch(label_rule["regex"], labels["app.kubernetes.io/name"])
    # Debian's promtool is built without Kubernetes discovery: check everything else by
    # swapping the discovery for a static target (the relabel rules and rule files stay).
    job.pop("kubernetes_sd_configs")
    job["static_configs"] = [{"targets": ["loopwatch:8080"]}]
    (tmp_path / "prometheus.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    (tmp_path / "rules").mkdir()
    for rules in (REPO / "dashboards" / "alerts").glob("*.rules.yml"):
        (tmp_path / "rules" / rules.name).write_text(rules.read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run(
        [promtool, "check", "config", str(tmp_path / "prometheus.yml")],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS: 1 rule files found" in result.stdout + result.stderr


_QUANTITY = {"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30}


def test_the_memory_limit_holds_ingest_at_its_configured_bound() -> None:
    """A 64 MiB request grew the worker past 2 GiB under a 1Gi limit: the ConfigMap's ingest
    limits must fit the container's memory limit (the store is Redis: no session memory)."""
    container = _container(_find("Deployment", "loopwatch"))
    limit = re.fullmatch(r"(\d+)(Ki|Mi|Gi)", container["resources"]["limits"]["memory"])
    assert limit is not None
    limit_bytes = int(limit.group(1)) * _QUANTITY[limit.group(2)]
    config = _collector_config()
    assert config.store == "redis"
    ingest = config.ingest
    bound = ingest_memory_bound(
        max_request_bytes=ingest.max_request_bytes, max_in_flight_bytes=ingest.max_in_flight_bytes
    )
    assert bound <= limit_bytes, f"ingest may take {bound >> 20} MiB, the limit is {limit_bytes >> 20} MiB"
