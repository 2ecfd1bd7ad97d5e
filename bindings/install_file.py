#!/usr/bin/env python3
"""meson install script: copy a file that a target writes besides its declared
output (mcs -doc's XML) into <DESTDIR><prefix>/<dir>, mode 644."""
import os
import shutil
import sys

src, rel_dir = sys.argv[1], sys.argv[2]
dest = os.path.join(os.environ['MESON_INSTALL_DESTDIR_PREFIX'], rel_dir)
os.makedirs(dest, exist_ok=True)
target = os.path.join(dest, os.path.basename(src))
shutil.copyfile(src, target)
os.chmod(target, 0o644)
print('Installing', src, 'to', dest)
