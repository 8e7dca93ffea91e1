"""PC-side tools for dicecup: build, referee, benchmarks (and later simulator, deploy)."""
