#!/usr/bin/env python3
"""Doxygen INPUT_FILTER for ics.h, which is written in plain C comments:
the first comment becomes the file's documentation, each
"/* ------ group" header a member group (@name, with the text under it),
a comment at the start of a line documents what follows it, and a comment
after a member or enum value on the same line documents that one."""
import re
import sys

GROUP = re.compile(r'^/\* -{8,} (.*?)\s*(\*/)?\s*$')
TRAILING = re.compile(r'^(\s*\S.*?[,;{])\s*/\*(?![*<])')


def main() -> None:
    lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
    out, first, group_open, in_group_comment = [], True, False, False
    for line in lines:
        if in_group_comment:
            out.append(line)
            if '*/' in line:
                out.append('/** @{ */')
                in_group_comment = False
            continue
        m = GROUP.match(line)
        if m:
            if group_open:
                out.append('/** @} */')
            group_open = True
            if m.group(2):
                out.append('/** @name ' + m.group(1) + ' */')
                out.append('/** @{ */')
            else:
                out.append('/** @name ' + m.group(1))
                in_group_comment = True
            continue
        if line.startswith('/*') and not line.startswith('/**'):
            line = ('/** @file ics.h\n' + line[2:]) if first else '/**' + line[2:]
            first = False
        elif line.startswith('#endif') and group_open and line.strip() == '#endif /* ICS_ICS_H */':
            out.append('/** @} */')
            group_open = False
        else:
            line = TRAILING.sub(lambda t: t.group(1) + ' /**<', line)
        out.append(line)
    if group_open:
        out.append('/** @} */')
    sys.stdout.write('\n'.join(out))


if __name__ == '__main__':
    main()
