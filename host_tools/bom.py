"""The bill of materials: reads hardware/bom.csv and prints the parts and the total per handheld.

Usage: python -m host_tools.bom [--max USD]   (exit 1 when the total is over --max, default 10)
Prices are typical unit prices for small packs from common electronics marketplaces, not quotes.
"""
import csv
import os
import sys

from host_tools.paths import HARDWARE

BOM_CSV = os.path.join(HARDWARE, "bom.csv")
COLUMNS = ("part", "quantity", "part_number", "why", "unit_price_usd", "pinmap")
TARGET_USD = 10.0


class BomError(Exception):
    pass


def load(path=BOM_CSV):
    """The rows as dicts with quantity an int and unit_price_usd a float; BomError on a bad file."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise BomError("%s: columns must be %s" % (path, ",".join(COLUMNS)))
        rows = []
        for n, row in enumerate(reader, 2):
            try:
                row["quantity"] = int(row["quantity"])
                row["unit_price_usd"] = float(row["unit_price_usd"])
            except (TypeError, ValueError):
                raise BomError("%s line %d: quantity and unit_price_usd must be numbers" % (path, n))
            if row["quantity"] < 1 or row["unit_price_usd"] < 0 or not row["part"]:
                raise BomError("%s line %d: needs a part, a quantity of 1 or more and a price" % (path, n))
            rows.append(row)
    return rows


def total(rows):
    return round(sum(r["quantity"] * r["unit_price_usd"] for r in rows), 2)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    limit = TARGET_USD
    if "--max" in argv:
        try:
            limit = float(argv[argv.index("--max") + 1])
        except (IndexError, ValueError):
            print("usage: python -m host_tools.bom [--max USD]", file=sys.stderr)
            return 2
    try:
        rows = load()
    except (OSError, BomError) as e:
        print("bom: %s" % e, file=sys.stderr)
        return 2
    width = max(len(r["part"]) for r in rows)
    for r in rows:
        print("%3d x %-*s %6.2f USD" % (r["quantity"], width, r["part"], r["quantity"] * r["unit_price_usd"]))
    t = total(rows)
    print("total per handheld: %.2f USD (target under %.2f USD)" % (t, limit))
    if t >= limit:
        print("bom: over the target by %.2f USD" % (t - limit), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
