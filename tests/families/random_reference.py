#!/usr/bin/env python3
"""Independent Python port of the seeded generators (lib/families/prng.hpp and
random_dags.cpp). Python floats are IEEE-754 doubles and math.frexp/floor are
exact, so the port is bit-exact; it checks the golden values that
random_test.cpp (RandomDags.SeedsKeepGivingTheSameDags) pins."""
import math
import sys
M = (1 << 64) - 1
class Rng:
    def __init__(self, seed):
        st = seed; self.s = []
        for _ in range(4):
            st = (st + 0x9e3779b97f4a7c15) & M
            z = st
            z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
            z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
            self.s.append(z ^ (z >> 31))
    def next(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M
        r = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45)
        return r
    def below(self, n):
        rej = ((1 << 64) - n) % n
        while True:
            r = self.next()
            if r >= rej: return r % n
    def unit(self): return float((self.next() >> 11) + 1) * 2.0 ** -53
def two_atanh(z, terms):
    z2 = z * z; power = z; s = z
    for k in range(1, terms):
        power *= z2; s += power / (2 * k + 1)
    return 2 * s
def plog(x):
    m, e = math.frexp(x)
    if m < 0.70710678118654752440: m *= 2; e -= 1
    series = two_atanh((m - 1) / (m + 1), 14)
    return e * 0.69314718055994530942 + series
def plog1m(p): return two_atanh(-p / (2 - p), 36)
def bern(rng, p, count):
    if p <= 0 or count == 0: return
    if p >= 1: yield from range(count); return
    if p >= 0.5:
        thr = int(p * 2.0 ** 64)
        for k in range(count):
            if rng.next() < thr: yield k
        return
    lm = plog1m(p); k = 0
    while True:
        skip = math.floor(plog(rng.unit()) / lm)
        if not (skip < count - k): return
        k += skip; yield k
        if k + 1 == count: return
        k += 1
def er(n, p, seed):
    rng = Rng(seed); order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1); order[i], order[j] = order[j], order[i]
    arcs = set(); r = 0; row = 0
    for k in bern(rng, p, n * (n - 1) // 2):
        while k >= row + (n - 1 - r): row += n - 1 - r; r += 1
        arcs.add(("v%d" % order[r], "v%d" % order[r + 1 + (k - row)]))
    return arcs
def layered(L, w, p, seed):
    rng = Rng(seed); arcs = set()
    name = lambda j, i: "v%d_%d" % (j, i)
    for j in range(1, L):
        has = [0] * w
        for k in bern(rng, p, w * w):
            c, par = divmod(k, w); arcs.add((name(j - 1, par), name(j, c))); has[c] = 1
        for c in range(w):
            if not has[c]: arcs.add((name(j - 1, rng.below(w)), name(j, c)))
    return arcs
def fp(arcs):
    h = 1469598103934665603
    for u, v in sorted(arcs):
        for ch in (u + ">" + v + ";").encode(): h = ((h ^ ch) * 1099511628211) & M
    return h
GOLDEN = [
    ("random_er(40, 0.1, 2024)", er(40, 0.1, 2024), 71, 5940750207012145836),
    ("random_er(20, 0.75, 2024)", er(20, 0.75, 2024), 150, 5528175020982258959),
    ("random_layered(4, 6, 0.25, 2024)", layered(4, 6, 0.25, 2024), 25, 6579697857816379455),
]
bad = 0
for label, arcs, count, fingerprint in GOLDEN:
    ok = len(arcs) == count and fp(arcs) == fingerprint
    bad += 0 if ok else 1
    print(("ok   " if ok else "FAIL ") + label, len(arcs), fp(arcs))
sys.exit(1 if bad else 0)
