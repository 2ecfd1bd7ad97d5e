#!/usr/bin/env python3
"""The Java binding's sources jar and javadoc (HTML folder and jar), as a
Maven repository publishes them beside the classes jar.

  java_doc_jars.py --jar JAR --javadoc JAVADOC --workdir DIR \
      --sources-jar OUT --javadoc-jar OUT --html DIR SOURCES...
"""
import argparse
import os
import re
import shutil
import subprocess
import sys


def package_path(source: str) -> str:
    with open(source, encoding='utf-8') as f:
        m = re.search(r'^\s*package\s+([\w.]+)\s*;', f.read(), re.M)
    return m.group(1).replace('.', os.sep) if m else ''


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument('--jar', required=True)
    ap.add_argument('--javadoc', required=True)
    ap.add_argument('--workdir', required=True)
    ap.add_argument('--sources-jar', required=True)
    ap.add_argument('--javadoc-jar', required=True)
    ap.add_argument('--html', required=True)
    ap.add_argument('--title', default='icsched')
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()

    tree = os.path.join(args.workdir, 'src')
    shutil.rmtree(tree, ignore_errors=True)
    java = [s for s in args.sources if s.endswith('.java')]
    for s in java:
        d = os.path.join(tree, package_path(s))
        os.makedirs(d, exist_ok=True)
        shutil.copyfile(s, os.path.join(d, os.path.basename(s)))
    if subprocess.call([args.jar, '--create', '--file', args.sources_jar, '-C', tree, '.']) != 0:
        return 1

    shutil.rmtree(args.html, ignore_errors=True)
    # Public API only; SWIG's generated comments are not all doclint-clean.
    cmd = [args.javadoc, '-quiet', '-Xdoclint:none', '-encoding', 'UTF-8', '-charset', 'UTF-8',
           '-notimestamp', '-doctitle', args.title, '-windowtitle', args.title, '-d', args.html,
           '-sourcepath', tree, '-subpackages', 'org']
    if subprocess.call(cmd) != 0:
        return 1
    return subprocess.call([args.jar, '--create', '--file', args.javadoc_jar, '-C', args.html, '.'])


if __name__ == '__main__':
    sys.exit(main())
