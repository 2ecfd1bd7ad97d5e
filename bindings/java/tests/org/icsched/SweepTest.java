package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** IC-Sweep and the priority relation, on the paper's profiles and on dags. */
class SweepTest {
  /** Per-step maximum of E1(i) + E2(j) over i + j = t. */
  private static int[] maxPlus(int[] e1, int[] e2) {
    int[] m = new int[e1.length + e2.length - 1];
    for (int i = 0; i < e1.length; ++i) {
      for (int j = 0; j < e2.length; ++j) {
        m[i + j] = Math.max(m[i + j], e1[i] + e2[j]);
      }
    }
    return m;
  }

  /** The sum's profile along a path of summand indices. */
  private static int[] alongPath(int[] path, int[]... profiles) {
    int[] at = new int[profiles.length];
    int[] e = new int[path.length + 1];
    for (int t = 0; t < path.length; ++t) {
      ++at[path[t]];
      for (int k = 0; k < profiles.length; ++k) {
        e[t + 1] += profiles[k][at[k]];
      }
    }
    return e;
  }

  @Test
  void table2IsIcoButNotAChain() {
    int[] e1 = {0, 4, 6};
    int[] e2 = {0, 3, 5};
    try (Sweep s = Sweep.ofProfiles(e1, e2)) {
      assertTrue(s.isIco());
      assertFalse(s.isChain());
      assertFalse(s.hasPriority(0, 1));
      assertFalse(s.hasPriority(1, 0));
      assertEquals(2, s.count());
      int[] path = s.path();
      assertEquals(4, path.length);
      assertFalse(java.util.Arrays.equals(new int[] {0, 0, 1, 1}, path), "not G1 then G2");
      assertFalse(java.util.Arrays.equals(new int[] {1, 1, 0, 0}, path), "not G2 then G1");
      assertEquals(2, java.util.Arrays.stream(path).filter(k -> k == 0).count());
      assertArrayEquals(maxPlus(e1, e2), s.profile());
      assertArrayEquals(alongPath(path, e1, e2), s.profile());
      assertFalse(s.reason().isEmpty(), "says why there is no chain");
    }
    assertFalse(Priority.has(e1, e2));
    assertFalse(Priority.has(e2, e1));
  }

  @Test
  void g3HasNoIcoSum() {
    try (Sweep s = Sweep.ofProfiles(new int[] {0, 1}, new int[] {0, 0, 2})) {
      assertFalse(s.isIco());
      assertFalse(s.isChain());
      assertFalse(s.reason().isEmpty());
      assertEquals(0, s.path().length);
      // No schedule meets the per-step maxima 0 1 2 3: the one reaching 2 at step 2 has left G1's step.
      assertArrayEquals(maxPlus(new int[] {0, 1}, new int[] {0, 0, 2}), s.envelope());
      assertEquals(0, s.failedGroup());
      assertEquals(2, s.failedDiagonal());
    }
    try (Sweep s = Sweep.ofProfiles(new int[] {0, 4, 6}, new int[] {0, 3, 5})) {
      assertArrayEquals(s.profile(), s.envelope());
      assertEquals(-1, s.failedGroup());
      assertEquals(-1, s.failedDiagonal());
    }
  }

  @Test
  void violationWitnessesSystemOne() {
    // Table 2: one step of each (4 + 3 = 7) beats two of B1 (6 + 0).
    assertArrayEquals(new int[] {1, 1}, Priority.violation(new int[] {0, 4, 6}, new int[] {0, 3, 5}));
    assertArrayEquals(new int[] {0, 1}, Priority.violation(new int[] {0, 3, 5}, new int[] {0, 4, 6}));
    assertEquals(null, Priority.violation(new int[] {0, 4, 6}, new int[] {0, 0, 1}));
    java.util.Random rng = new java.util.Random(5);
    for (int round = 0; round < 200; ++round) {
      int[] a = new int[1 + rng.nextInt(5)];
      int[] b = new int[1 + rng.nextInt(5)];
      for (int i = 1; i < a.length; ++i) a[i] = rng.nextInt(6);
      for (int i = 1; i < b.length; ++i) b[i] = rng.nextInt(6);
      int[] v = Priority.violation(a, b);
      assertEquals(v == null, Priority.has(a, b));
      if (v != null) {
        int s1 = a.length - 1, z = v[0] + v[1];
        assertTrue(a[v[0]] + b[v[1]] > a[Math.min(s1, z)] + b[Math.max(0, z - s1)]);
      }
    }
  }

  @Test
  void priorityOfProfiles() {
    assertTrue(Priority.has(new int[] {0, 4, 6}, new int[] {0, 0, 1}));
    assertFalse(Priority.has(new int[] {0, 0, 1}, new int[] {0, 4, 6}));
    try (Sweep s = Sweep.ofProfiles(new int[] {0, 4, 6}, new int[] {0, 0, 1})) {
      assertTrue(s.isIco());
      assertTrue(s.isChain());
      assertTrue(s.hasPriority(0, 1));
      assertFalse(s.hasPriority(1, 0));
      assertArrayEquals(new int[] {0, 0, 1, 1}, s.path(), "a chain runs G1, then G2");
      assertEquals("", s.reason());
    }
  }

  @Test
  void oneProfileIsTriviallyIco() {
    try (Sweep s = Sweep.ofProfiles(new int[] {0, 2, 1})) {
      assertTrue(s.isIco());
      assertEquals(1, s.count());
      assertArrayEquals(new int[] {0, 0}, s.path());
      assertArrayEquals(new int[] {0, 2, 1}, s.profile());
    }
  }

  @Test
  void sweepOfDagsInterleavesTheirSchedules() {
    try (Dag g1 = Dag.w(2, 2); Dag g2 = Dag.reductionTree(1); Dag g3 = Dag.n(2);
        Sweep s = Sweep.ofDags(g1, g2, g3)) {
      Dag[] dags = {g1, g2, g3};
      assertEquals(3, s.count());
      assertTrue(s.isIco(), s.reason());
      // Same answer as IC-Sweep on the dags' nonsource profiles.
      int[][] profiles = new int[3][];
      for (int k = 0; k < 3; ++k) {
        try (Schedule sk = dags[k].schedule()) {
          profiles[k] = dags[k].nonsourceProfile(sk.order());
        }
      }
      try (Sweep p = Sweep.ofProfiles(profiles)) {
        assertArrayEquals(p.profile(), s.profile());
        assertArrayEquals(p.path(), s.path());
      }
      assertEquals(Priority.has(g1, g2), s.hasPriority(0, 1));
      assertEquals(Priority.has(g2, g1), s.hasPriority(1, 0));

      // order(): every node of every dag once; as an order of the disjoint union it is IC-optimal.
      List<SweepStep> order = s.order();
      try (Dag sum = new Dag()) {
        int[] offset = new int[3];
        for (int k = 0; k < 3; ++k) {
          offset[k] = sum.nodeCount();
          for (int v = 0; v < dags[k].nodeCount(); ++v) {
            sum.addNode(k + ":" + dags[k].nodeName(v));
          }
          for (int v = 0; v < dags[k].nodeCount(); ++v) {
            for (int c : dags[k].children(v)) {
              sum.addArc(offset[k] + v, offset[k] + c);
            }
          }
        }
        assertEquals(sum.nodeCount(), order.size());
        int[] flat = new int[order.size()];
        for (int t = 0; t < flat.length; ++t) {
          SweepStep step = order.get(t);
          assertTrue(step.dagIndex() >= 0 && step.dagIndex() < 3);
          flat[t] = offset[step.dagIndex()] + step.nodeId();
        }
        Diamond.assertValidOrder(sum, flat);
        assertArrayEquals(BruteForce.maxEligible(sum), BruteForce.eligible(sum, flat));
      }
      assertEquals(new SweepStep(1, 2), new SweepStep(1, 2));
    }
  }
}
