"""Histogram plots of simulated scores (matplotlib, imported only when a plot is asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np


def histogram_png(
    scores: Any,
    path: Path,
    title: str,
    rival: Any | None = None,
    rival_name: str | None = None,
) -> None:
    """Write a histogram of final scores (and a rival's, overlaid) to a PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    bins = np.arange(0, max(int(np.max(scores)), 1) + 10, 5).tolist()
    ax.hist(scores, bins=bins, alpha=0.7, label=title.split(" ")[0])
    if rival is not None:
        ax.hist(rival, bins=bins, alpha=0.5, label=rival_name or "rival")
        ax.legend()
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
