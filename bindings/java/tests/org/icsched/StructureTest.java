package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/** Skeleton, super-dag, dual dag, dual orders and nonsource profiles. */
class StructureTest {
  @Test
  void skeletonRemovesTheShortcut() {
    try (Dag dag = BruteForce.fromArcs("a->b", "b->c", "a->c"); Dag sk = dag.skeleton()) {
      assertEquals(1L, dag.shortcutCount());
      assertEquals(3L, dag.arcCount(), "the dag itself is unchanged");
      assertEquals(2L, sk.arcCount());
      assertEquals(dag.arcCount() - sk.arcCount(), dag.shortcutCount());
      assertEquals(Set.of("a->b", "b->c"), Diamond.namedArcs(sk));
      for (int v = 0; v < 3; ++v) {
        assertEquals(dag.nodeName(v), sk.nodeName(v), "same ids and names");
      }
    }
    try (Dag dag = Dag.fft(3); Dag sk = dag.skeleton()) {
      assertEquals(0L, dag.shortcutCount());
      assertEquals(dag.arcCount(), sk.arcCount());
    }
  }

  @Test
  void superdagOfFft2HasFourBlocks() {
    try (Dag dag = Dag.fft(2); Dag sup = dag.superdag()) {
      assertEquals(4, sup.nodeCount());
      assertEquals(Set.of("B0", "B1", "B2", "B3"), Diamond.names(sup));
      sup.validate();
    }
  }

  @Test
  void superdagOfANonBipartiteComponentFails() {
    // x->y and y->z end up in one component (through a->y, a->b, c->b, c->z): y is both a top and a bottom.
    try (Dag dag = BruteForce.fromArcs("x->y", "y->z", "a->y", "a->b", "c->b", "c->z")) {
      IcsException e = assertThrows(IcsException.class, dag::superdag);
      assertEquals(Status.NOT_DECOMPOSABLE, e.getCode(), e.getMessage());
    }
  }

  @Test
  void dualReversesEveryArc() {
    try (Dag dag = Diamond.build(); Dag dual = dag.dual()) {
      assertEquals(Diamond.names(dag), Diamond.names(dual));
      Set<String> reversed = new TreeSet<>();
      for (String arc : Diamond.namedArcs(dag)) {
        String[] uv = arc.split("->");
        reversed.add(uv[1] + "->" + uv[0]);
      }
      assertEquals(reversed, Diamond.namedArcs(dual));
      for (int v = 0; v < dag.nodeCount(); ++v) {
        assertEquals(dag.nodeName(v), dual.nodeName(v));
      }
    }
  }

  @Test
  void dualOfAnIcoScheduleOfWIsIcoForTheDual() {
    try (Dag w = Dag.w(3, 2); Schedule s = w.schedule(); Dag m = w.dual()) {
      assertEquals(ScheduleStatus.IC_OPTIMAL, s.status());
      int[] d = w.dualOrder(s.order());
      Diamond.assertValidOrder(m, d);
      assertArrayEquals(BruteForce.maxEligible(m), BruteForce.eligible(m, d));
    }
  }

  @Test
  void nonsourceProfileOfTheDiamond() {
    try (Dag dag = Diamond.build()) {
      // nonsinks a, b, c: after a {b,c}; after b {c}; after c {d}.
      assertArrayEquals(new int[] {0, 2, 1, 1}, dag.nonsourceProfile(new int[] {0, 1, 2, 3}));
      assertArrayEquals(new int[] {0, 2, 1, 1}, dag.nonsourceProfile(new int[] {0, 2, 1, 3}));
    }
  }
}
