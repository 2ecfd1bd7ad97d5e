package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Task clustering (clustering.txt §3): Fig. 6, residuals against brute force, sequences, checks, errors. */
class ClusterTest {
  /** The residual order in the residual dag's ids (names are kept). */
  private static int[] residualIds(Dag dag, Dag residual, int[] order) {
    int[] r = new int[order.length];
    for (int i = 0; i < order.length; ++i) {
      r[i] = residual.nodeId(dag.nodeName(order[i]));
    }
    return r;
  }

  /** Self-contained from the running state, cut arcs recounted, residual proven by brute force. */
  private static void expectSound(Dag dag, int[] executed, Cluster c) {
    Set<Integer> done = new HashSet<>();
    for (int v : executed) {
      done.add(v);
    }
    Set<Integer> f = new HashSet<>();
    for (int v : c.tasks()) {
      for (int p : dag.parents(v)) {
        assertTrue(done.contains(p) || f.contains(p), dag.nodeName(v));
      }
      f.add(v);
    }
    long cut = 0;
    for (int v : f) {
      for (int w : dag.children(v)) {
        if (!f.contains(w)) {
          ++cut;
        }
      }
    }
    assertEquals(cut, c.cutArcCount());
    assertEquals(cut, c.cutArcs().length);
    try (Dag residual = c.residualDag()) {
      assertEquals(dag.nodeCount() - executed.length - f.size(), residual.nodeCount());
      if (c.isResidualIcOptimal()) {
        int[] order = residualIds(dag, residual, c.residualOrder());
        assertArrayEquals(BruteForce.maxEligible(residual), BruteForce.eligible(residual, order));
      }
    }
  }

  @Test
  void fig6DirectCutsEightStaggeredSix() {
    try (Dag g = Dag.clusteringFig6()) {
      assertEquals(54, g.nodeCount());
      try (Cluster direct = Cluster.extract(g, 6, ClusterStrategy.DIRECT);
          Cluster staggered = Cluster.extract(g, 6, ClusterStrategy.STAGGERED)) {
        assertEquals(8, direct.cutArcCount());
        assertEquals(6, staggered.cutArcCount());
        assertEquals(ClusterStrategy.STAGGERED, staggered.strategy());
        assertTrue(direct.isResidualIcOptimal());
        assertTrue(staggered.isResidualIcOptimal());
        assertEquals(6, direct.tasks().length);
        assertTrue(direct.isSelfContained());
        assertEquals("", direct.violation());
        assertFalse(direct.certificate().isEmpty());
        try (Dag r = staggered.residualDag(); Schedule s = r.schedule()) {
          assertTrue(s.isIcOptimal());
          assertEquals(8, s.linearization().length); // W1 W2 W3 W4 W4 W5 W6 W10
        }
      }
    }
  }

  @Test
  void fig6LinearizationIsChain3() {
    String[] chain3 = {"trivial(2)", "trivial(2)", "W(2,2)", "W(2,2)", "W(3,2)", "W(3,2)", "W(4,2)", "W(4,2)",
        "W(5,2)", "W(6,2)", "W(10,2)"}; // trivial(2) is W(1,2)
    try (Dag g = Dag.clusteringFig6(); Schedule s = g.schedule()) {
      assertTrue(s.isIcOptimal());
      int[][] lin = s.linearization();
      List<Block> blocks = s.blocks();
      assertEquals(chain3.length, lin.length);
      for (int i = 0; i < lin.length; ++i) {
        assertEquals(1, lin[i].length);
        assertEquals(chain3[i], blocks.get(lin[i][0]).shape());
      }
    }
  }

  /** Theorem 3.4 on the in-mesh (its dual, the out-mesh, is reticulated), Theorem 3.3 on the out-mesh. */
  @Test
  void donorNotesNameTheTheorem() {
    try (Dag in = Dag.reductionMesh(5); Dag out = Dag.outMesh(5);
        Cluster m = Cluster.extract(in, 4, ClusterStrategy.DONOR);
        Cluster w = Cluster.extract(out, 4, ClusterStrategy.DONOR);
        Cluster d = Cluster.extract(out, 4, ClusterStrategy.DIRECT)) {
      assertTrue(m.donorNote().startsWith("Theorem 3.4:"), m.donorNote());
      assertTrue(w.donorNote().startsWith("Theorem 3.3:"), w.donorNote());
      assertEquals(ClusterStrategy.DONOR, m.strategy());
      assertEquals("", d.donorNote());
      expectSound(in, new int[0], m);
    }
  }

  @Test
  void everyStrategyEveryKIsSound() {
    try (Dag g = Dag.outMesh(5)) {
      for (ClusterStrategy s : new ClusterStrategy[] {ClusterStrategy.DIRECT, ClusterStrategy.STAGGERED,
          ClusterStrategy.DONOR, ClusterStrategy.MIN_CUT}) {
        for (int k = 1; k <= g.nodeCount(); ++k) {
          try (Cluster c = Cluster.extract(g, k, s)) {
            assertEquals(k, c.tasks().length);
            expectSound(g, new int[0], c);
          }
        }
      }
    }
  }

  @Test
  void sequenceAndRunningState() {
    try (Dag g = Dag.outMesh(5)) {
      List<Cluster> workers = Cluster.sequence(g, new int[0], new int[] {3, 5, 2}, ClusterStrategy.MIN_CUT);
      assertEquals(3, workers.size());
      int[] done = new int[0];
      int[] sizes = {3, 5, 2};
      for (int i = 0; i < 3; ++i) {
        try (Cluster c = workers.get(i)) {
          assertEquals(sizes[i], c.tasks().length);
          expectSound(g, done, c);
          int[] more = new int[done.length + c.tasks().length];
          System.arraycopy(done, 0, more, 0, done.length);
          System.arraycopy(c.tasks(), 0, more, done.length, c.tasks().length);
          done = more;
        }
      }
      int[] executed = {g.nodeId("0_0")};
      try (Cluster c = Cluster.extract(g, executed, 2, ClusterStrategy.DONOR)) {
        expectSound(g, executed, c);
      }
    }
  }

  @Test
  void checkUserCluster() {
    try (Dag w = Dag.w(3, 2); Cluster c = Cluster.check(w, new int[0], new int[] {w.nodeId("s1")})) {
      assertTrue(c.isSelfContained());
      assertEquals(ClusterStrategy.CHECK, c.strategy());
      assertArrayEquals(new int[] {w.nodeId("t1")}, c.closure());
      assertEquals(2, c.cutArcCount());
      assertEquals(3, c.eligibleRendered());
      assertEquals(1, c.newlyEligible());
    }
    try (Dag g = Dag.outMesh(3); Cluster c = Cluster.check(g, new int[0], new int[] {g.nodeId("1_0")})) {
      assertFalse(c.isSelfContained());
      assertTrue(c.violation().contains("'0_0'"), c.violation());
    }
  }

  @Test
  void errors() {
    try (Dag g = Dag.outMesh(3)) {
      IcsException e = assertThrows(IcsException.class, () -> Cluster.extract(g, 0, ClusterStrategy.DIRECT));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      e = assertThrows(IcsException.class, () -> Cluster.extract(g, new int[] {1}, 1, ClusterStrategy.DIRECT));
      assertTrue(e.getMessage().contains("closed under parents"), e.getMessage());
      assertThrows(NullPointerException.class, () -> Cluster.extract(null, 1, ClusterStrategy.DIRECT));
      assertThrows(NullPointerException.class, () -> Cluster.extract(g, 1, null));
      Cluster c = Cluster.extract(g, 1, ClusterStrategy.DIRECT);
      c.close();
      assertTrue(c.isClosed());
      assertThrows(IllegalStateException.class, c::tasks);
    }
    try (Dag none = BruteForce.noIco()) {
      IcsException e = assertThrows(IcsException.class, () -> Cluster.extract(none, 1, ClusterStrategy.DIRECT));
      assertEquals(Status.NOT_IC_OPTIMAL, e.getCode());
    }
    try (Dag q = BruteForce.fromArcs("a->x", "a->y", "a->z", "b->x", "b->y", "b->z")) {
      IcsException e = assertThrows(IcsException.class, () -> Cluster.extract(q, 1, ClusterStrategy.DONOR));
      assertEquals(Status.UNSUPPORTED, e.getCode());
      assertTrue(e.getMessage().contains("Q(2,3)"), e.getMessage());
    }
  }
}
