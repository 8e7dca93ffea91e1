"""Pytest set-up: firmware/ and tests/mp on sys.path, a hypothesis profile fit for CI."""
import os
import sys

from hypothesis import HealthCheck, settings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "firmware"), os.path.join(HERE, "mp"), HERE, ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

# ci: the same examples on every run (derandomize), so that a submission's CI judges the code, not
# the draw; "thorough" (HYPOTHESIS_PROFILE=thorough) searches afresh, many more
settings.register_profile("ci", deadline=None, max_examples=100, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=2000,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
