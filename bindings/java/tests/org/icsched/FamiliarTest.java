package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The familiar computations are IC-optimal by decomposition alone (exact
 * search disabled), checked against brute force on the small sizes; the dag
 * algebra's results, names and origin maps.
 */
class FamiliarTest {
  private static final ScheduleOptions DECOMPOSITION_ONLY =
      ScheduleOptions.defaults().withExactMaxNodes(0).withExactMaxDownsets(0);

  private static void expectIcoByDecomposition(IntFunction<Dag> family, int[] sizes, int oracleUpTo) {
    int checked = 0;
    for (int size : sizes) {
      try (Dag dag = family.apply(size); Schedule s = dag.schedule(DECOMPOSITION_ONLY)) {
        assertTrue(s.isIcOptimal(), () -> "size " + size + ": " + s.reason());
        assertNotEquals(ScheduleMethod.EXACT, s.method());
        if (size <= oracleUpTo) {
          assertArrayEquals(BruteForce.maxEligible(dag), s.eligible(), "size " + size);
          ++checked;
        }
      }
    }
    assertTrue(sizes.length >= 3);
    assertTrue(checked >= 1);
  }

  @Test
  void familiarComputationsAreIcOptimalByDecomposition() {
    expectIcoByDecomposition(Dag::matrixMultiplication, new int[] {1, 2, 3}, 1);
    expectIcoByDecomposition(Dag::laplace, new int[] {2, 3, 4, 9}, 4);
    expectIcoByDecomposition(k -> Dag.divideConquer(3, k), new int[] {1, 2, 4}, 2);
    expectIcoByDecomposition(Dag::expansionReduction, new int[] {1, 2, 3, 6}, 3);
    expectIcoByDecomposition(k -> Dag.wavefront(k, k + 2), new int[] {1, 2, 3, 12}, 3);
    expectIcoByDecomposition(Dag::parallelPrefix, new int[] {2, 4, 6, 50}, 6);
    expectIcoByDecomposition(Dag::fmri, new int[] {2, 3, 9}, 3);
  }

  @Test
  void fmriSummandsMustInterleave() {
    try (Dag g = Dag.fmri(3);
        Schedule s = g.schedule(DECOMPOSITION_ONLY);
        Derived left = DagAlgebra.induced(g, idsWithPrefix(g, "L_"));
        Derived right = DagAlgebra.induced(g, idsWithPrefix(g, "R_"))) {
      assertEquals(ScheduleMethod.SWEEP, s.method());
      assertEquals(2, s.linearization()[0].length);
      try (Sweep sw = Sweep.ofDags(left.dag(), right.dag())) {
        assertTrue(sw.isIco());
        assertFalse(sw.isChain());
        assertFalse(sw.hasPriority(0, 1));
        assertFalse(sw.hasPriority(1, 0));
        assertArrayEquals(new int[] {0, 3, 6, 7, 8, 9, 10}, sw.profile());
      }
    }
  }

  private static int[] idsWithPrefix(Dag g, String prefix) {
    return java.util.stream.IntStream.range(0, g.nodeCount()).filter(v -> g.nodeName(v).startsWith(prefix)).toArray();
  }

  @Test
  void sumComposeInduced() {
    try (Dag w = Dag.w(1, 2); Dag m = Dag.m(1, 2)) {
      try (Derived s = DagAlgebra.sum(w, m, w)) {
        assertEquals(3 + 3 + 3, s.dag().nodeCount());
        assertEquals("g2:s1", s.dag().nodeName(6));
        assertEquals(1, s.part(3));
        assertEquals(0, s.node(3));
      }
      try (Derived s = DagAlgebra.sum(new String[] {"", "x."}, w, m)) {
        assertEquals("s1", s.dag().nodeName(0));
        assertEquals("x.t1", s.dag().nodeName(5));
      }
      int t1 = w.nodeId("t1"), t2 = w.nodeId("t2");
      try (Derived d = DagAlgebra.compose(w, m, new int[][] {{t1, m.nodeId("s1")}, {t2, m.nodeId("s2")}})) {
        assertEquals(4, d.dag().nodeCount());
        assertEquals("g1:t1", d.dag().nodeName(3));
        assertArrayEquals(new int[] {0, 0, 0, 1}, d.parts());
        assertArrayEquals(new int[] {0, 1, 2, 2}, d.nodes());
      }
      try (Dag diamond = w.compose(m, new int[] {t1, t2}, new int[] {0, 1});
          Derived sub = DagAlgebra.induced(diamond, 3, 0)) {
        assertEquals(1, diamond.sinks().length);
        assertEquals(0, sub.dag().arcCount());
        assertArrayEquals(new int[] {0, 3}, sub.nodes());
        assertEquals("g0:s1", sub.dag().nodeName(0));
      }
      try (Dag sub = w.induced(new int[] {0, 1})) {
        assertEquals(1, sub.arcCount());
      }
    }
  }

  @Test
  void errors() {
    try (Dag w = Dag.w(1, 2); Dag m = Dag.m(1, 2)) {
      IcsException e = assertThrows(IcsException.class, () -> DagAlgebra.compose(w, m, new int[][] {{0, 0}}));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      assertTrue(e.getMessage().contains("not a sink of G1"), e.getMessage());
      e = assertThrows(IcsException.class, () -> w.compose(m, new int[] {9}, new int[] {0}));
      assertEquals(Status.UNKNOWN_NODE, e.getCode());
      e = assertThrows(IcsException.class, () -> w.induced(new int[] {1, 1}));
      assertTrue(e.getMessage().contains("listed twice"), e.getMessage());
      e = assertThrows(IcsException.class, () -> DagAlgebra.sum(new String[] {"", ""}, w, w));
      assertEquals(Status.DUPLICATE_NODE, e.getCode());
      e = assertThrows(IcsException.class, () -> DagAlgebra.sum());
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      assertThrows(IcsException.class, () -> Dag.laplace(1));
      e = assertThrows(IcsException.class, () -> Dag.matrixMultiplication(12));
      assertEquals(Status.TOO_LARGE, e.getCode());
      assertThrows(IcsException.class, () -> Dag.fmri(-1));
      assertThrows(NullPointerException.class, () -> DagAlgebra.sum((Dag) null));
      Dag closed = Dag.n(2);
      closed.close();
      assertThrows(IllegalStateException.class, () -> DagAlgebra.sum(w, closed));
      assertThrows(IllegalStateException.class, () -> w.compose(closed, new int[0], new int[0]));
    }
  }
}
