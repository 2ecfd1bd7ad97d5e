#!/usr/bin/env python3
"""Compile Java sources in one javac run and pack the classes into a jar.

Meson's jar() compiles sources one by one, which SWIG's output (classes of
one package that refer to each other) does not survive; this script runs
javac once over every file, then `jar --create`.
"""
import argparse
import os
import shutil
import subprocess
import sys


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument('--javac', required=True)
    ap.add_argument('--jar', required=True)
    ap.add_argument('--workdir', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--classpath', default='')
    ap.add_argument('--release', default='17')
    ap.add_argument('--manifest', action='append', default=[],
                    help='"Key: value" line for the jar manifest (repeatable)')
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()

    classes = os.path.join(args.workdir, 'classes')
    shutil.rmtree(classes, ignore_errors=True)
    os.makedirs(classes)
    cmd = [args.javac, '--release', args.release, '-encoding', 'UTF-8', '-Xlint:all,-serial,-processing',
           '-d', classes]
    if args.classpath:
        cmd += ['-cp', args.classpath]
    cmd += [s for s in args.sources if s.endswith('.java')]
    if subprocess.call(cmd) != 0:
        return 1
    tmp = args.out + '.tmp'
    jar_cmd = [args.jar, '--create', '--file', tmp]
    if args.manifest:
        manifest = os.path.join(args.workdir, 'MANIFEST.MF')
        with open(manifest, 'w', encoding='utf-8') as f:
            f.write(''.join(line + '\n' for line in args.manifest))
        jar_cmd += ['--manifest', manifest]
    if subprocess.call(jar_cmd + ['-C', classes, '.']) != 0:
        return 1
    os.replace(tmp, args.out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
