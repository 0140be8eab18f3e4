"""deploy/compose.yaml and deploy/haproxy.cfg as an operator copies them to a server: no secret
in the files, every service restarts, one image build, descriptors for HAProxy's maxconn, the
proxy trusted only on the file's own network, and /metrics refused through the proxy."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from test_proxy import serve

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
COMPOSE_TEXT = (DEPLOY / "compose.yaml").read_text()
COMPOSE: dict[str, Any] = yaml.safe_load(COMPOSE_TEXT)
SERVICES: dict[str, dict[str, Any]] = COMPOSE["services"]
NODES = [name for name in SERVICES if name.startswith("node")]
HAPROXY_CFG = (DEPLOY / "haproxy.cfg").read_text()


def test_the_password_comes_from_the_env_file_and_is_required() -> None:
    assert "POSTGRES_PASSWORD: fivedice" not in COMPOSE_TEXT
    assert ":fivedice@" not in COMPOSE_TEXT
    required = "${POSTGRES_PASSWORD:?"  # compose stops with this message when it is unset
    assert SERVICES["postgres"]["environment"]["POSTGRES_PASSWORD"].startswith(required)
    for node in NODES:
        url = SERVICES[node]["environment"]["FIVEDICE_DATABASE_URL"]
        assert url.startswith("postgresql+psycopg://fivedice:" + required)


def test_the_env_example_names_every_variable_and_the_env_file_is_ignored() -> None:
    used = set(re.findall(r"\$\{([A-Z_]+)", COMPOSE_TEXT))
    example = (DEPLOY / ".env.example").read_text()
    given = set(re.findall(r"^([A-Z_]+)=", example, flags=re.MULTILINE))
    assert used == given == {"POSTGRES_PASSWORD", "FIVEDICE_SECURE_COOKIES"}
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", "deploy/.env"], cwd=DEPLOY.parent, check=False
    )
    assert ignored.returncode == 0
    kept = subprocess.run(
        ["git", "check-ignore", "-q", "deploy/.env.example"], cwd=DEPLOY.parent, check=False
    )
    assert kept.returncode == 1  # not ignored: the example is part of the repository


def test_secure_cookies_are_on_unless_the_env_file_says_otherwise() -> None:
    for node in NODES:
        assert SERVICES[node]["environment"]["FIVEDICE_SECURE_COOKIES"] == (
            "${FIVEDICE_SECURE_COOKIES:-1}"
        )
    assert "FIVEDICE_SECURE_COOKIES=0" in COMPOSE_TEXT  # and the comment says when, and the risk
    assert "in clear" in COMPOSE_TEXT


def test_every_service_restarts_and_haproxy_is_health_checked() -> None:
    for name, service in SERVICES.items():
        assert service.get("restart") == "unless-stopped", name
        assert "healthcheck" in service or name in NODES, name  # nodes: the Dockerfile's
    check = " ".join(SERVICES["haproxy"]["healthcheck"]["test"])
    monitor = re.search(r"^\s*monitor-uri (\S+)", HAPROXY_CFG, flags=re.MULTILINE)
    assert monitor is not None and f"GET {monitor.group(1)} " in check


def test_the_image_is_built_once() -> None:
    builders = [name for name, service in SERVICES.items() if "build" in service]
    assert builders == ["node1"]
    assert {SERVICES[node]["image"] for node in NODES} == {SERVICES["node1"]["image"]}
    assert all(SERVICES[node]["pull_policy"] == "never" for node in NODES[1:])


def test_descriptors_cover_haproxys_maxconn() -> None:
    maxconn = int(re.search(r"^\s*maxconn (\d+)", HAPROXY_CFG, flags=re.MULTILINE).group(1))  # type: ignore[union-attr]
    for name in [*NODES, "haproxy"]:
        nofile = SERVICES[name]["ulimits"]["nofile"]
        assert nofile["soft"] == nofile["hard"] >= 2 * maxconn, name


def test_only_the_files_own_network_is_a_trusted_proxy() -> None:
    subnets = [entry["subnet"] for entry in COMPOSE["networks"]["fivedice"]["ipam"]["config"]]
    for node in NODES:
        assert SERVICES[node]["environment"]["FIVEDICE_TRUSTED_PROXIES"] in subnets
    for name, service in SERVICES.items():
        assert service["networks"] == ["fivedice"], name
        assert "ports" not in service or name == "haproxy", name  # the nodes: behind the proxy


def test_the_proxy_config_is_valid() -> None:
    """Names that resolve only inside Docker are warnings here, not errors."""
    done = subprocess.run(
        ["haproxy", "-c", "-f", str(DEPLOY / "haproxy.cfg")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[str]:
    """deploy/haproxy.cfg running here, its nodes two small servers on this machine."""
    backends: list[ThreadingHTTPServer] = [serve("a"), serve("b"), serve("c")]
    port = free_port()
    config = HAPROXY_CFG.replace("bind *:8000", f"bind 127.0.0.1:{port}")
    config = config.replace(" init-addr last,libc,none resolvers docker", "")
    config = re.sub(r"(?ms)^resolvers docker\n.*?\n\n", "", config)
    for number, backend in enumerate(backends, start=1):
        config = config.replace(f"node{number}:8000", f"127.0.0.1:{backend.server_address[1]}")
    (tmp_path / "haproxy.cfg").write_text(config)
    running = subprocess.Popen(
        [shutil.which("haproxy") or "haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(f"{base}/haproxy-alive", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        yield base
    finally:
        running.terminate()
        running.wait(timeout=10)
        for backend in backends:
            backend.shutdown()
            backend.server_close()


@pytest.mark.parametrize(
    "path", ["/metrics", "/metrics/", "//metrics", "/./metrics", "/%6detrics", "/metrics?x=1"]
)
def test_metrics_are_refused_through_the_proxy(proxy: str, path: str) -> None:
    answer = httpx.get(proxy + path, timeout=5)
    assert answer.status_code == 404
    assert answer.text not in ("a", "b", "c")  # no node was asked


def test_everything_else_and_the_proxys_own_check_pass(proxy: str) -> None:
    assert httpx.get(f"{proxy}/haproxy-alive", timeout=5).status_code == 200
    for path in ["/healthz", "/api/tables/abc/metrics-free", "/"]:
        answer = httpx.get(proxy + path, timeout=5)
        assert answer.status_code == 200, path
        assert answer.text in ("a", "b", "c")


def test_the_haproxy_health_check_command_passes_against_haproxy(proxy: str) -> None:
    """The compose file's check, as the container runs it (bash, its own port)."""
    program, shell, flag, script = SERVICES["haproxy"]["healthcheck"]["test"]
    assert (program, shell, flag) == ("CMD", "bash", "-c")
    port = proxy.rsplit(":", 1)[1]
    here = script.replace("/127.0.0.1/8000", f"/127.0.0.1/{port}")
    assert here != script
    assert subprocess.run(["bash", "-c", here], timeout=10).returncode == 0
    broken = here.replace("/haproxy-alive", "/metrics")  # refused: the check can fail
    assert subprocess.run(["bash", "-c", broken], timeout=10).returncode != 0


def test_the_nodes_health_check_follows_fivedice_port() -> None:
    """The Dockerfile's check asks the node's own port, whatever FIVEDICE_PORT says."""
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    found = re.search(r"^\s+CMD (\[.*\])$", dockerfile, flags=re.MULTILINE)
    assert found is not None
    program, flag, script = json.loads(found.group(1))
    assert (program, flag) == ("python", "-c")
    node = serve("a")
    try:
        for port, passes in [(node.server_address[1], True), (free_port(), False)]:
            env = {**os.environ, "FIVEDICE_PORT": str(port)}
            done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True)
            assert (done.returncode == 0) is passes, done.stderr
    finally:
        node.shutdown()
        node.server_close()
    assert "COPY . " not in dockerfile  # deploy/.env never enters the image
