"""The bill of materials: reads a board's BOM and prints the parts, their part numbers, why each was
chosen, and the total per handheld.

hardware/bom.csv is the reference handheld's (the ESP32-S3 board with PSRAM: host_tools/boards.py),
hardware/bom_wroom.csv the ESP32-WROOM-32 handheld's (solo games only).
Usage: python -m host_tools.bom [--board s3|wroom|all] [--max USD]   (default: the reference board;
exit 1 when a total is over --max, default 10)
Prices are typical unit prices for small packs from common electronics marketplaces, not quotes.
"""
import csv
import os
import sys

from host_tools.paths import HARDWARE

BOM_CSV = os.path.join(HARDWARE, "bom.csv")
BOMS = {"s3": BOM_CSV, "wroom": os.path.join(HARDWARE, "bom_wroom.csv")}
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


def show(rows, limit, title):
    """Print one board's BOM; True when its total is under limit."""
    print(title)
    width = max(len(r["part"]) for r in rows)
    for r in rows:
        print("%3d x %-*s %6.2f USD  %s" % (r["quantity"], width, r["part"], r["quantity"] * r["unit_price_usd"],
                                            r["part_number"]))
        print("      %s why: %s" % (" " * width, r["why"]))
    t = total(rows)
    print("total per handheld: %.2f USD (target under %.2f USD)" % (t, limit))
    if t >= limit:
        print("bom: over the target by %.2f USD" % (t - limit), file=sys.stderr)
        return False
    return True


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    limit, board = TARGET_USD, "s3"
    try:
        if "--max" in argv:
            limit = float(argv[argv.index("--max") + 1])
        if "--board" in argv:
            board = argv[argv.index("--board") + 1]
            if board not in BOMS and board != "all":
                raise ValueError(board)
    except (IndexError, ValueError):
        print("usage: python -m host_tools.bom [--board %s|all] [--max USD]" % "|".join(BOMS), file=sys.stderr)
        return 2
    from host_tools import boards
    ok = True
    for key in (list(BOMS) if board == "all" else [board]):
        try:
            rows = load(BOMS[key])
        except (OSError, BomError) as e:
            print("bom: %s" % e, file=sys.stderr)
            return 2
        b = boards.BOARDS[key]
        ok = show(rows, limit, "%s handheld on the %s (%s):" % (
            "reference" if key == boards.REFERENCE else "the", b.name, os.path.relpath(BOMS[key]))) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
