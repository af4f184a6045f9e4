#!/usr/bin/env python3
"""Draws a sample of exercises to label: random.Random(SEED).sample(sorted(eligible), COUNT),
eligible = practice exercises of the track having .meta/tests.toml, canonical data in
problem-specifications, and no "deprecated" status in the track's config.json.

usage: python3 eval/canonical/draw.py TRACKS_DIR LANGUAGE SEED COUNT
"""
import json, os, random, sys


def eligible(tracks, language):
    track = os.path.join(tracks, language)
    config = json.load(open(os.path.join(track, "config.json")))
    deprecated = {e["slug"] for e in config.get("exercises", {}).get("practice", [])
                  if e.get("status") == "deprecated"}
    practice = os.path.join(track, "exercises", "practice")
    specs = os.path.join(tracks, "problem-specifications", "exercises")
    return sorted(
        slug for slug in os.listdir(practice)
        if slug not in deprecated
        and os.path.exists(os.path.join(practice, slug, ".meta", "tests.toml"))
        and os.path.exists(os.path.join(specs, slug, "canonical-data.json")))


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    tracks, language, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    for slug in random.Random(seed).sample(eligible(tracks, language), count):
        print(slug)


if __name__ == "__main__":
    main()
