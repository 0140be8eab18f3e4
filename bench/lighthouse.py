"""How the page loads, as Lighthouse measures it: the cumulative layout shift (CLS), the
performance score and the largest contentful paint (LCP) of the lobby and of a table's page,
with Lighthouse's mobile and desktop presets.

Run ``python -m bench.lighthouse`` after ``make install-test`` (Lighthouse is an npm
development tool; it drives the system's Chromium, ``CHROME_PATH``, /usr/bin/chromium unless
set). It starts a server with a fresh database holding what a visitor finds on a busy day
(played matches, so high scores and recent games; open tables), then runs Lighthouse once per
page and preset (``--runs N`` for more; the figures printed are the medians).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import httpx

from bench.load import launch_server
from fivedice.rules import Match, MatchOptions
from fivedice.store import Store

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
PRESETS = ("mobile", "desktop")
PLAYED = [("Ann", "Bob"), ("Cleo",), ("Dag", "Eva", "Finn"), ("Gus",), ("Hedda", "Ivo"), ("Jo",)]
OPEN = [("Kim", 4), ("Lea", 2), ("Mo", 3), ("Nils", 6)]


def finish(match: Match, rng: random.Random) -> None:
    """Each player rolls twice and takes the box that scores most."""
    while not match.state.is_finished:
        seat = match.state.active_seat
        assert seat is not None
        match.roll(seat)
        match.roll(seat, hold=[i for i in range(5) if rng.random() < 0.5])
        best = max(match.state.score_options(), key=lambda o: (o.total, o.category))
        match.score(seat, best.category)


def fill_server(url: str, database_url: str) -> str:
    """Played matches straight into the database, open tables over the API; returns the id of
    an open table."""
    rng = random.Random(23)
    store = Store(database_url)
    try:
        for n, names in enumerate(PLAYED):
            match = Match.create("official", MatchOptions(seats=len(names)), rng=rng)
            seats = [match.join(name) for name in names]
            match.start(seats[0])
            finish(match, rng)
            store.save_finished(match, label=f"Evening game {n + 1}")
    finally:
        store.close()
    table_id = ""
    with httpx.Client(base_url=url, timeout=30) as api:
        for host, seats in OPEN:
            created = api.post("/api/tables", json={"host_name": host, "seats": seats})
            table_id = str(created.raise_for_status().json()["table_id"])
    return table_id


def lighthouse(url: str, preset: str, workdir: Path) -> dict[str, float]:
    """One Lighthouse run (performance only): CLS, the score (0-100) and LCP in seconds."""
    report = workdir / "report.json"
    command = [
        str(LIGHTHOUSE),
        url,
        "--only-categories=performance",
        "--output=json",
        f"--output-path={report}",
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}
    subprocess.run(command, check=True, env=env, cwd=workdir)
    result: dict[str, Any] = json.loads(report.read_text())
    audits = result["audits"]
    return {
        "cls": float(audits["cumulative-layout-shift"]["numericValue"]),
        "score": 100 * float(result["categories"]["performance"]["score"]),
        "lcp_s": float(audits["largest-contentful-paint"]["numericValue"]) / 1000,
    }


def main(argv: list[str] | None = None) -> None:
    """Measure each page with each preset and print one line per pair."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per page and preset (median)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `make install-test`")
    with tempfile.TemporaryDirectory(prefix="fivedice-lighthouse-") as tmp:
        workdir = Path(tmp)
        database_url = f"sqlite:///{workdir / 'fivedice.db'}"
        settings = {
            "FIVEDICE_DATABASE_URL": database_url,
            "FIVEDICE_CACHE_DIR": str(workdir / "cache"),
            "FIVEDICE_LOG_FORMAT": "text",
        }
        server, url = launch_server(workdir, settings)
        try:
            table_id = fill_server(url, database_url)
            pages = {"lobby": f"{url}/", "table": f"{url}/?table={table_id}"}
            print(f"{'page':<8}{'preset':<9}{'CLS':>8}{'score':>7}{'LCP s':>8}")
            for name, page in pages.items():
                for preset in PRESETS:
                    runs = [lighthouse(page, preset, workdir) for _ in range(args.runs)]
                    cls = statistics.median(r["cls"] for r in runs)
                    score = statistics.median(r["score"] for r in runs)
                    lcp = statistics.median(r["lcp_s"] for r in runs)
                    print(f"{name:<8}{preset:<9}{cls:>8.3f}{score:>7.0f}{lcp:>8.2f}", flush=True)
        finally:
            server.terminate()
            server.wait(timeout=15)


if __name__ == "__main__":
    main()
