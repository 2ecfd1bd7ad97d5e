package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Dag.schedule(): IC-optimal schedules of the papers' families, checked by brute force. */
class ScheduleTest {
  /** Status, order, E(t) and certificate of an IC-optimal schedule, all checked independently. */
  private static void assertIcOptimal(Dag dag) {
    try (Schedule s = dag.schedule()) {
      assertEquals(ScheduleStatus.IC_OPTIMAL, s.status(), s.reason());
      assertTrue(s.isIcOptimal());
      assertEquals("", s.reason());
      assertNotEquals(ScheduleMethod.GREEDY, s.method());
      int[] order = s.order();
      Diamond.assertValidOrder(dag, order);
      int[] e = s.eligible();
      assertArrayEquals(BruteForce.eligible(dag, order), e, "E(t) recomputed from the order");
      int[] max = BruteForce.maxEligible(dag);
      assertArrayEquals(max, e, "E(t) is the per-step maximum over all schedules");
      int[] m = s.maxEligible();
      if (m.length > 0) {
        assertArrayEquals(max, m);
      }
      assertEquals(Diamond.sum(e), s.area());
      try (Profile p = dag.evaluate(order)) {
        assertEquals(p.memory(), s.memory());
      }
      assertCertificate(dag, s);
    }
  }

  /** Blocks partition the arcs' endpoints sensibly; the linearization uses every block once. */
  private static void assertCertificate(Dag dag, Schedule s) {
    List<Block> blocks = s.blocks();
    assertFalse(blocks.isEmpty());
    for (int i = 0; i < blocks.size(); ++i) {
      Block b = blocks.get(i);
      assertEquals(i, b.index());
      assertFalse(b.shape().isEmpty());
      assertFalse(b.kind().isEmpty());
      assertTrue(b.isProven(), b.toString());
      assertEquals(b.sources().length + 1, b.profile().length, b.toString());
      for (int v : b.sources()) {
        assertTrue(dag.outDegree(v) > 0, "a block source is a nonsink");
      }
      for (int v : b.sinks()) {
        assertTrue(dag.inDegree(v) > 0, "a block sink is a nonsource");
      }
      assertEquals(b, new Block(b.index(), b.shape(), b.kind(), b.isProven(), b.sources(), b.sinks(), b.profile()));
    }
    int[][] groups = s.linearization();
    int[] seen = new int[blocks.size()];
    for (int[] g : groups) {
      assertTrue(g.length > 0);
      for (int b : g) {
        ++seen[b];
      }
    }
    for (int count : seen) {
      assertEquals(1, count, "every block in exactly one group");
    }
  }

  @Test
  void fft3() {
    try (Dag dag = Dag.fft(3)) {
      assertIcOptimal(dag);
    }
  }

  @Test
  void reductionMesh6() {
    try (Dag dag = Dag.reductionMesh(6)) {
      assertIcOptimal(dag);
    }
  }

  @Test
  void reductionTree4() {
    try (Dag dag = Dag.reductionTree(4)) {
      assertIcOptimal(dag);
    }
  }

  @Test
  void outMesh5() {
    try (Dag dag = Dag.outMesh(5)) {
      assertIcOptimal(dag);
    }
  }

  @Test
  void diamondAndW() {
    try (Dag dag = Diamond.build()) {
      assertIcOptimal(dag);
    }
    try (Dag dag = Dag.w(3, 2)) {
      assertIcOptimal(dag);
    }
  }

  @Test
  void noIcoScheduleIsAreaOptimalWithAReason() {
    try (Dag dag = BruteForce.noIco(); Schedule s = dag.schedule()) {
      assertEquals(ScheduleStatus.AREA_OPTIMAL, s.status());
      assertEquals(ScheduleMethod.EXACT, s.method());
      assertEquals(BruteForce.maxArea(dag), s.area());
      assertEquals(s.area(), s.areaBound());
      assertEquals(0.0, s.areaGap());
      assertFalse(s.isIcOptimal());
      assertFalse(s.reason().isEmpty());
      int[] order = s.order();
      Diamond.assertValidOrder(dag, order);
      assertArrayEquals(BruteForce.eligible(dag, order), s.eligible());
      // 6 nodes: the exact search ran and reports M(t), which no order reaches at every step.
      int[] max = BruteForce.maxEligible(dag);
      assertArrayEquals(max, s.maxEligible());
      assertFalse(java.util.Arrays.equals(max, s.eligible()));
    }
  }

  @Test
  void optionsDefaultsComeFromTheLibrary() {
    ScheduleOptions d = ScheduleOptions.defaults();
    assertEquals(20, d.exactMaxNodes());
    assertEquals(1L << 20, d.exactMaxDownsets());
    assertEquals(24, d.blockExactMaxSources());
    assertEquals(d, new ScheduleOptions());
    ScheduleOptions o = d.withExactMaxNodes(0).withExactMaxDownsets(0).withBlockExactMaxSources(8);
    assertEquals(new ScheduleOptions(0, 0, 8), o);
    assertEquals(20, d.exactMaxNodes(), "withers copy");
    assertTrue(o.toString().contains("exactMaxNodes=0"), o.toString());
    assertEquals(1L << 21, d.areaMaxDownsets());
    assertEquals(0, d.withAreaMaxDownsets(0).areaMaxDownsets());
    assertEquals(1L << 21, o.areaMaxDownsets(), "withers keep the AREA budget");
  }

  @Test
  void theExactAreaSearchHasItsOwnBudget() {
    ScheduleOptions noIcoSearch = ScheduleOptions.defaults().withExactMaxNodes(0).withExactMaxDownsets(0);
    try (Dag dag = BruteForce.noIco()) {
      try (Schedule s = dag.schedule(noIcoSearch)) {
        assertEquals(ScheduleStatus.AREA_OPTIMAL, s.status());
        assertEquals(BruteForce.maxArea(dag), s.area());
      }
      // Over the budget: this dag is series-parallel, so still AREA-maximal.
      try (Schedule s = dag.schedule(noIcoSearch.withAreaMaxDownsets(3))) {
        assertEquals(ScheduleStatus.AREA_OPTIMAL, s.status());
        assertEquals(ScheduleMethod.SERIES_PARALLEL, s.method());
        assertEquals(BruteForce.maxArea(dag), s.area());
        assertTrue(s.reason().contains("budget 3 down-sets"), s.reason());
      }
    }
  }

  @Test
  void theSidneyDecompositionHasAWorkBudget() {
    ScheduleOptions d = ScheduleOptions.defaults();
    assertEquals(0, d.sidneyMaxWork(), "0: the default from the dag's size");
    assertEquals(1, d.withSidneyMaxWork(1).sidneyMaxWork());
    assertEquals(1, d.withSidneyMaxWork(1).withAreaMaxDownsets(0).sidneyMaxWork(), "withers keep it");
    assertTrue(d.withSidneyMaxWork(5).toString().contains("sidneyMaxWork=5"));
    assertThrows(IcsException.class, () -> d.withSidneyMaxWork(-1));
    ScheduleOptions heuristic = d.withAreaMaxDownsets(0);
    try (Dag dag = Dag.randomEr(2000, 0.004, 7);
        Schedule small = dag.schedule(heuristic.withSidneyMaxWork(1));
        Schedule large = dag.schedule(heuristic.withSidneyMaxWork(1L << 40))) {
      assertTrue(small.reason().contains("reached its work budget"), small.reason());
      assertTrue(small.reason().contains("--sidney-max-work"), small.reason());
      assertFalse(large.reason().contains("work budget"), large.reason());
      assertTrue(large.areaBound() < small.areaBound(), "a finished decomposition bounds tighter");
    }
  }

  @Test
  void optionsTurnTheExactSearchOff() {
    ScheduleOptions noExact =
        ScheduleOptions.defaults().withExactMaxNodes(0).withExactMaxDownsets(0).withAreaMaxDownsets(0);
    try (Dag dag = BruteForce.noIco(); Schedule s = dag.schedule(noExact)) {
      assertEquals(ScheduleStatus.HEURISTIC, s.status());
      assertTrue(s.areaBound() >= BruteForce.maxArea(dag) && s.area() <= BruteForce.maxArea(dag));
      assertEquals((double) (s.areaBound() - s.area()) / s.areaBound(), s.areaGap(), 1e-12);
      assertTrue(s.reason().contains("best AREA: "), s.reason());
      assertEquals(0, s.maxEligible().length, "no exact search: no M(t)");
      Diamond.assertValidOrder(dag, s.order());
    }
    try (Dag dag = Dag.fft(2); Schedule s = dag.schedule(noExact)) {
      assertTrue(s.isIcOptimal(), "the decomposition needs no exact search");
      assertEquals(0, s.maxEligible().length);
    }
  }

  @Test
  void badOptions() {
    IcsException e = assertThrows(IcsException.class, () -> new ScheduleOptions(-1, 0, 0));
    assertEquals(Status.INVALID_ARGUMENT, e.getCode());
    assertThrows(IcsException.class, () -> ScheduleOptions.defaults().withExactMaxDownsets(-5));
    assertThrows(IcsException.class, () -> ScheduleOptions.defaults().withAreaMaxDownsets(-1));
    try (Dag dag = Dag.fft(2)) {
      e = assertThrows(IcsException.class,
          () -> dag.schedule(ScheduleOptions.defaults().withBlockExactMaxSources(31)).close());
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      assertThrows(NullPointerException.class, () -> dag.schedule(null));
    }
  }

  @Test
  void scheduleOutlivesItsDag() {
    Schedule s;
    int n;
    try (Dag dag = Dag.reductionTree(3)) {
      s = dag.schedule();
      n = dag.nodeCount();
    }
    try (s) {
      assertEquals(n, s.order().length);
      assertEquals(n + 1, s.eligible().length);
      assertTrue(s.isIcOptimal());
    }
  }

  /** The forced-join lemma: a join, then a block that yields faster; proven, and E(t) is the brute-force maximum. */
  @Test
  void forcedJoinIsProvenAndCounted() {
    try (Dag dag = BruteForce.fromArcs("a1->j", "a2->j", "a3->j", "j->c1", "j->c2", "j->c3");
        Schedule s = dag.schedule()) {
      assertTrue(s.isIcOptimal());
      assertEquals(1, s.forcedJoins());
      assertArrayEquals(BruteForce.maxEligible(dag), BruteForce.eligible(dag, s.order()));
    }
    try (Dag dag = Dag.outMesh(4); Schedule s = dag.schedule()) {
      assertEquals(0, s.forcedJoins());
    }
  }

  /** A random dag proven no composition by arcs that are no shortcut: its shortcuts are not looked for. */
  @Test
  void randomDagSkipsShortcutRemoval() {
    try (Dag dag = Dag.randomEr(6000, 8.0 / 6000, 3); Schedule s = dag.schedule()) {
      assertFalse(s.isIcOptimal());
      assertEquals(0L, s.shortcutsRemoved());
      assertTrue(s.blocks().isEmpty());
      assertTrue(s.reason().contains("the shortcuts were not removed"), s.reason());
      assertEquals(6000, s.order().length);
    }
  }

  @Test
  void shortcutsAreRemovedFirst() {
    try (Dag dag = BruteForce.fromArcs("a->b", "b->c", "a->c"); Schedule s = dag.schedule()) {
      assertEquals(1L, s.shortcutsRemoved());
      assertTrue(s.isIcOptimal());
      assertArrayEquals(new int[] {0, 1, 2}, s.order());
    }
  }

  @Test
  void blocksMatchTheSuperdag() {
    try (Dag dag = Dag.fft(2); Schedule s = dag.schedule(); Dag sup = dag.superdag()) {
      assertEquals(sup.nodeCount(), s.blocks().size());
      for (Block b : s.blocks()) {
        assertEquals("B" + b.index(), sup.nodeName(b.index()));
      }
    }
  }
}
