"""The attack scripts' common ending: run main() and turn anything it raises (but its own exit) into
"could not run" (exit 2, with the traceback), never into a verdict of 0 or 1."""
import sys


def run(main):
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001
        import traceback
        traceback.print_exc()
        print("COULD NOT RUN:", repr(e))
        sys.exit(2)
