"""Reads {"turns": [...]} (the adapter's events of a recording, as src/reference/turns.ts makes them) on standard
input and prints, per strategy id, the trace its reference leaves: {"<id>": {"buffers", "attempts", "calls"}}.
Standard library only: python3 run.py < turns.json"""
import json
import sys

from strategies import STRATEGIES
from output import Out


def main():
    turns = json.load(sys.stdin)["turns"]
    result = {}
    for id, (applies, run) in STRATEGIES.items():
        trace = {"buffers": [], "attempts": [], "calls": []}
        for turn in turns:
            if applies(turn["wire"]):
                run(turn, Out(trace, turn["turn"]))
        result[id] = trace
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    main()
