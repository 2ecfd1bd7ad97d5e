#!/usr/bin/env python3
"""Run nunit-console (NUnit 2.6) and fail unless tests ran and all passed.

nunit-console exits with the failure count but returns 0 when no test ran at
all, so the counts are read back from the result XML.
Usage: run_nunit.py NUNIT_CONSOLE ASSEMBLY RESULT_XML
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    console, assembly, result = sys.argv[1:]
    if os.path.exists(result):
        os.remove(result)
    rc = subprocess.call([console, '-noshadow', '-nologo', '-labels', '-result=' + result, assembly],
                         cwd=os.path.dirname(os.path.abspath(assembly)))
    if not os.path.exists(result):
        print(f'run_nunit: no result file {result} (nunit-console exit code {rc})', file=sys.stderr)
        return 1
    root = ET.parse(result).getroot()
    counts = {k: int(root.get(k, '0')) for k in
              ('total', 'errors', 'failures', 'not-run', 'inconclusive', 'ignored', 'skipped', 'invalid')}
    print('run_nunit: ' + ', '.join(f'{k}={v}' for k, v in counts.items()))
    if counts['total'] == 0:
        print('run_nunit: no test ran', file=sys.stderr)
        return 1
    if counts['errors'] or counts['failures'] or counts['invalid'] or rc != 0:
        print(f'run_nunit: failed (nunit-console exit code {rc})', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
