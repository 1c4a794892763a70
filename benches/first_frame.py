#!/usr/bin/env python3
"""Open to first frame: the time from starting `transformer-tutor --model DIR` in a terminal to its
first screen on that terminal, measured from outside as a learner sees it (needs tmux).

    python3 benches/first_frame.py [DIR] [--runs N] [--bin PATH]

DIR defaults to /tmp/opus-full, the full-size random model with opus-mt-zh-en's config that
benches/marian_translate.sh makes (`python3 scripts/marian_fixtures.py --full-size /tmp/opus-full`);
`weights/marian-tiny` gives the floor (the shell and the terminal). Each run starts the program in a
fresh 120x40 tmux pane with an empty progress directory (so it opens as on a first start: the
lesson list), polls the pane every 5 ms until the screen is drawn (more than five lines of it), then
quits it with q. Prints each run and the median; the weights file stays in the page cache between
runs, as it does for a learner who opens the tutor again.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(binary: str, model: str) -> float:
    data = tempfile.mkdtemp(prefix="tt-first-frame-")
    name = f"tt-ff-{os.getpid()}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", "sh"], check=True)
    try:
        time.sleep(0.3)  # the shell is ready
        command = f"TRANSFORMER_TUTOR_DATA_DIR={shlex.quote(data)} {shlex.quote(binary)} --model {shlex.quote(model)}"
        started = time.perf_counter()
        subprocess.run(["tmux", "send-keys", "-t", name, command, "Enter"], check=True)
        while True:
            pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True).stdout
            if sum(1 for line in pane.splitlines() if line.strip()) > 5:
                elapsed = time.perf_counter() - started
                break
            if time.perf_counter() - started > 60:
                sys.exit("no frame within 60 s:\n" + pane)
            time.sleep(0.005)
        subprocess.run(["tmux", "send-keys", "-t", name, "q"], check=True)
        time.sleep(0.3)
        return 1000 * elapsed
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def main() -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model", nargs="?", default="/tmp/opus-full")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", default=os.path.join(target, "release", "transformer-tutor"))
    args = parser.parse_args()
    if not os.path.exists(args.bin):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=root, check=True)
    times = []
    for i in range(args.runs):
        ms = run_once(args.bin, args.model)
        times.append(ms)
        print(f"run {i + 1}: {ms:.0f} ms")
    load = os.getloadavg()[0]
    print(f"open to first frame: median {statistics.median(times):.0f} ms of {args.runs} (load average {load:.2f})")


if __name__ == "__main__":
    main()
