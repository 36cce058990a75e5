"""deploy/compose.yaml, checked offline: schema, and every reference it makes (images, build,
ports, volumes, config files, environment variables, service names inside the configs)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # stubs not in requirements-dev
import pytest
import yaml

from loopwatch_collector import environment_variables
from loopwatch_collector.config import load_config

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
COMPOSE = DEPLOY / "compose.yaml"

# Host port -> (service, container port): what the README's "Run the full stack" table says.
PUBLISHED = {
    4317: ("otelcol", 4317),
    4318: ("otelcol", 4318),
    13133: ("otelcol", 13133),
    14317: ("loopwatch-1", 4317),
    8080: ("loopwatch-1", 8080),
    8081: ("loopwatch-2", 8080),
    9090: ("prometheus", 9090),
    9093: ("alertmanager", 9093),
    3000: ("grafana", 3000),
}
COLLECTORS = ("loopwatch-1", "loopwatch-2")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = compose["services"]
    return found


def _bind_mounts(service: dict[str, Any]) -> list[tuple[Path, str]]:
    """(host path, container path) of the service's bind mounts (short syntax)."""
    mounts = []
    for volume in service.get("volumes", []):
        source, target, *_ = volume.split(":")
        if source.startswith((".", "/")):
            mounts.append(((DEPLOY / source).resolve(), target))
    return mounts


def _container_file(service: dict[str, Any], container_path: str) -> Path:
    """The repository file a container path of ``service`` comes from, through its bind mounts."""
    for host, target in _bind_mounts(service):
        if container_path == target:
            return host
        if container_path.startswith(target.rstrip("/") + "/"):
            return host / container_path[len(target.rstrip("/")) + 1 :]
    raise AssertionError(f"{container_path} is not mounted")


def test_matches_the_compose_specification(compose: dict[str, Any]) -> None:
    vendor = resources.files("check_jsonschema.builtin_schemas.vendor")
    schema = json.loads((vendor / "compose-spec.json").read_text(encoding="utf-8"))
    validator_type = jsonschema.validators.validator_for(schema)
    validator_type.check_schema(schema)
    errors = sorted(validator_type(schema).iter_errors(compose), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]


def test_stack_has_the_services_the_issue_asks_for(services: dict[str, dict[str, Any]]) -> None:
    assert set(services) == {
        *COLLECTORS,
        "otelcol",
        "redis",
        "prometheus",
        "alertmanager",
        "alert-webhook",
        "grafana",
    }


def test_images_are_pinned(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        image = service["image"]
        repository, _, tag = image.rpartition(":")
        assert repository, f"{name}: {image} has no tag"
        assert tag not in {"latest", ""}, f"{name}: {image}"


def test_collectors_are_built_from_the_repository_dockerfile(services: dict[str, dict[str, Any]]) -> None:
    for name in COLLECTORS:
        build = services[name]["build"]
        context = (DEPLOY / build["context"]).resolve()
        assert context == REPO, name
        assert (context / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile", name


def test_bind_mount_sources_exist(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        for host, _target in _bind_mounts(service):
            assert host.exists(), f"{name}: {host}"
            assert REPO in host.parents, f"{name}: {host} is outside the repository"


def test_named_volumes_are_declared(compose: dict[str, Any], services: dict[str, dict[str, Any]]) -> None:
    declared = set(compose.get("volumes") or {})
    for service in services.values():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if not source.startswith((".", "/")):
                assert source in declared, source


def test_published_ports(services: dict[str, dict[str, Any]]) -> None:
    published: dict[int, tuple[str, int]] = {}
    for name, service in services.items():
        for mapping in service.get("ports", []):
            host, container = (int(part) for part in str(mapping).split(":"))
            assert host not in published, f"host port {host} published twice"
            published[host] = (name, container)
    assert published == PUBLISHED


def test_dependencies_name_real_services(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        depends = service.get("depends_on", [])
        for dependency in depends if isinstance(depends, list) else list(depends):
            assert dependency in services, f"{name} depends on unknown {dependency}"


def test_collector_environment_and_config_file_are_valid(services: dict[str, dict[str, Any]]) -> None:
    for name in COLLECTORS:
        service = services[name]
        environment: dict[str, str] = service["environment"]
        unknown = {k for k in environment if k.startswith("LOOPWATCH_")} - set(environment_variables.ALL)
        assert not unknown, f"{name}: the collector does not read {unknown}"
        config_file = _container_file(service, environment["LOOPWATCH_CONFIG"])
        env = {k: v for k, v in environment.items() if k != "LOOPWATCH_CONFIG"}
        config = load_config(config_file, environ=env)
        assert config.store == "redis"
        host = re.match(r"redis://([^:/]+)", config.redis.url)
        assert host is not None
        assert host.group(1) in services, config.redis.url
        for host_port, (service_name, container_port) in PUBLISHED.items():
            if service_name == name:
                assert container_port in {config.listen.grpc_port, config.listen.http_port}, host_port


def test_otel_collector_routes_by_trace_id_to_the_collectors(services: dict[str, dict[str, Any]]) -> None:
    otelcol = services["otelcol"]
    config_path = _container_file(otelcol, otelcol["command"][0].removeprefix("--config="))
    config = yaml.safe_load(config_path.read_text(encoding="utf-8"))
    exporter = config["exporters"]["loadbalancing"]
    assert exporter["routing_key"] == "traceID"
    backends = exporter["resolver"]["static"]["hostnames"]
    assert sorted(backends) == sorted(f"{name}:4317" for name in COLLECTORS)
    collector_config = load_config(DEPLOY / "loopwatch.yaml", environ={})
    assert collector_config.listen.grpc_port == 4317
    assert config["service"]["pipelines"]["traces"]["exporters"] == ["loadbalancing"]


def test_prometheus_config_as_mounted_passes_promtool(
    services: dict[str, dict[str, Any]], promtool: str, tmp_path: Path
) -> None:
    service = services["prometheus"]
    for host, target in _bind_mounts(service):
        destination = tmp_path / target.lstrip("/")
        destination.parent.mkdir(parents=True, exist_ok=True)
        if host.is_dir():
            shutil.copytree(host, destination)
        else:
            shutil.copy(host, destination)
    flag = next(arg for arg in service["command"] if arg.startswith("--config.file="))
    config_file = tmp_path / flag.removeprefix("--config.file=").lstrip("/")
    command = [promtool, "check", "config", str(config_file)]
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "SUCCESS: 1 rule files found" in output, output
    assert "--enable-feature=exemplar-storage" in service["command"]


def test_prometheus_scrapes_every_collector_under_the_alerts_job(services: dict[str, dict[str, Any]]) -> None:
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text(encoding="utf-8"))
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    targets = [t for group in jobs["loopwatch"]["static_configs"] for t in group["targets"]]
    assert sorted(targets) == sorted(f"{name}:8080" for name in COLLECTORS)
    otelcol_targets = [t for group in jobs["otelcol"]["static_configs"] for t in group["targets"]]
    for target in otelcol_targets:
        assert target.split(":")[0] in services


def test_grafana_mounts_match_its_provisioning(services: dict[str, dict[str, Any]]) -> None:
    grafana = services["grafana"]
    provider_file = _container_file(grafana, "/etc/grafana/provisioning/dashboards/loopwatch.yaml")
    (provider,) = yaml.safe_load(provider_file.read_text(encoding="utf-8"))["providers"]
    dashboards_dir = _container_file(grafana, provider["options"]["path"])
    assert (dashboards_dir / "loopwatch-overview.json").is_file()
    home = grafana["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert _container_file(grafana, home).is_file()
    datasource_file = _container_file(grafana, "/etc/grafana/provisioning/datasources/prometheus.yaml")
    (source,) = yaml.safe_load(datasource_file.read_text(encoding="utf-8"))["datasources"]
    url = re.match(r"http://([^:/]+):(\d+)", source["url"])
    assert url is not None
    assert url.group(1) in services
    assert f"{url.group(2)}:{url.group(2)}" in services[url.group(1)]["ports"]
