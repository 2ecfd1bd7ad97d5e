package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Batch.select and Batch.play against a brute force over all subsets of the ELIGIBLE tasks. */
class BatchTest {
  /** The ELIGIBLE tasks of executed set x, as a mask. */
  private static long eligibleMask(long[] parents, long x) {
    long e = 0;
    for (int v = 0; v < parents.length; ++v) {
      if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
        e |= 1L << v;
      }
    }
    return e;
  }

  /** The most ELIGIBLE tasks after running r of them. */
  private static int best(long[] parents, long x, int r) {
    long e = eligibleMask(parents, x);
    int best = -1;
    for (long s = e;; s = (s - 1) & e) {
      if (Long.bitCount(s) == r) {
        best = Math.max(best, BruteForce.eligibleCount(parents, x | s));
      }
      if (s == 0) {
        return best;
      }
    }
  }

  private static long mask(int[] ids) {
    long m = 0;
    for (int v : ids) {
      m |= 1L << v;
    }
    return m;
  }

  @Test
  void selectMatchesBruteForce() {
    int optimal = 0;
    for (int seed = 0; seed < 80; ++seed) {
      try (Dag dag = Dag.randomEr(4 + seed % 9, 0.3, seed)) {
        long[] parents = BruteForce.parentMasks(dag);
        int[] topo = dag.topologicalOrder();
        int[] executed = java.util.Arrays.copyOf(topo, seed % 3);
        long x = mask(executed);
        int e = Long.bitCount(eligibleMask(parents, x));
        int r = 1 + seed % e;
        BatchResult b = Batch.select(dag, executed, r);
        long s = mask(b.selected());
        assertEquals(r, b.selected().length);
        assertEquals(s, s & eligibleMask(parents, x), "only ELIGIBLE tasks");
        assertEquals(BruteForce.eligibleCount(parents, x | s), b.eligibleAfter());
        assertEquals(e, b.eligibleBefore());
        assertEquals(b.eligibleBefore() - r + b.newlyEligible(), b.eligibleAfter());
        assertTrue(b.isOptimal(), b.guarantee());
        assertEquals(best(parents, x, r), b.eligibleAfter());
        assertTrue(b.method() == BatchMethod.EXACT || b.method() == BatchMethod.TREE_DP);
        BatchResult g = Batch.select(dag, executed, r, BatchMethod.GREEDY, 0);
        assertTrue(g.eligibleAfter() <= b.eligibleAfter() && g.boundAfter() >= b.eligibleAfter());
        optimal += b.isOptimal() ? 1 : 0;
      }
    }
    assertEquals(80, optimal);
  }

  @Test
  void playRunsTheBatchesInSequence() {
    try (Dag dag = Dag.parse("a x\na y\nb y\nb z\nc z\nz q\n", Format.EDGES)) {
      List<BatchResult> p = Batch.play(dag, new int[] {1, 2, 5, 1});
      assertEquals(4, p.size());
      assertArrayEquals(new int[] {dag.nodeId("a")}, p.get(0).selected());
      int[] after = p.stream().mapToInt(BatchResult::eligibleAfter).toArray();
      assertArrayEquals(new int[] {3, 3, 1, 0}, after);
      assertEquals(3, p.get(2).selected().length, "min(eligible, requested)");
      assertEquals(BatchMethod.TREE_DP, p.get(1).method());
    }
  }

  @Test
  void errors() {
    try (Dag dag = Dag.parse("a b\nb c\nd c\n", Format.EDGES)) {
      int b = dag.nodeId("b");
      IcsException e = assertThrows(IcsException.class, () -> Batch.select(dag, new int[] {b}, 1));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      assertTrue(e.getMessage().contains("unexecuted parent 'a'"), e.getMessage());
      assertThrows(IcsException.class, () -> Batch.select(dag, new int[0], 3));
      assertThrows(IcsException.class, () -> Batch.select(dag, new int[0], -1));
      assertThrows(IcsException.class, () -> Batch.play(dag, new int[] {1, 0}));
      assertThrows(NullPointerException.class, () -> Batch.select(dag, null, 1));
      try (Dag shared = Dag.parse("a x\nb x\na y\nb y\n", Format.EDGES)) {
        IcsException u = assertThrows(IcsException.class,
            () -> Batch.select(shared, new int[0], 2, BatchMethod.EXPANSIVE, 0));
        assertEquals(Status.UNSUPPORTED, u.getCode());
        assertTrue(u.getMessage().contains("not expansive"), u.getMessage());
        assertEquals(Status.UNSUPPORTED,
            assertThrows(IcsException.class, () -> Batch.select(shared, new int[0], 2, BatchMethod.TREE_DP, 0))
                .getCode());
        assertEquals(2, Batch.select(shared, new int[0], 2).eligibleAfter()); // x and y
      }
    }
    Dag closed = Dag.parse("a b\n", Format.EDGES);
    closed.close();
    assertThrows(IllegalStateException.class, () -> Batch.select(closed, new int[0], 1));
  }
}
