package org.icsched;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/** close(), use after close, null arguments, the Cleaner safety net, threads. */
class LifecycleTest {
  @Test
  void useAfterCloseThrowsIllegalState() {
    Dag dag = Diamond.build();
    assertFalse(dag.isClosed());
    dag.close();
    assertTrue(dag.isClosed());
    assertDoesNotThrow(dag::close); // idempotent
    IllegalStateException e = assertThrows(IllegalStateException.class, dag::nodeCount);
    assertTrue(e.getMessage().contains("Dag"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> dag.addNode("x"));
    assertThrows(IllegalStateException.class, () -> dag.addArc(0, 1));
    assertThrows(IllegalStateException.class, dag::topologicalOrder);
    assertThrows(IllegalStateException.class, () -> dag.evaluate(new int[] {0, 1, 2, 3}));
    assertThrows(IllegalStateException.class, () -> dag.toString(Format.EDGES));
    assertThrows(IllegalStateException.class, dag::copy);
    assertThrows(IllegalStateException.class, dag::info);
  }

  @Test
  void profileUseAfterClose() {
    try (Dag dag = Diamond.build()) {
      Profile p = dag.evaluate(new int[] {0, 1, 2, 3});
      p.close();
      assertTrue(p.isClosed());
      assertThrows(IllegalStateException.class, p::eligible);
      assertThrows(IllegalStateException.class, p::area);
      p.close();
    }
  }

  @Test
  void nullArguments() {
    try (Dag dag = Diamond.build()) {
      assertThrows(NullPointerException.class, () -> dag.addNode(null));
      assertThrows(NullPointerException.class, () -> dag.addArc(null, "a"));
      assertThrows(NullPointerException.class, () -> dag.addArc("a", null));
      assertThrows(NullPointerException.class, () -> dag.nodeId(null));
      assertThrows(NullPointerException.class, () -> dag.evaluate(null));
      assertThrows(NullPointerException.class, () -> dag.validateOrder(null));
      assertThrows(NullPointerException.class, () -> dag.write(null, Format.EDGES));
      assertThrows(NullPointerException.class, () -> dag.toString((Format) null));
      assertThrows(NullPointerException.class, () -> dag.order(null));
      assertEquals(4, dag.nodeCount());
    }
    assertThrows(NullPointerException.class, () -> Dag.read(null));
    assertThrows(NullPointerException.class, () -> Dag.parse(null, Format.EDGES));
    assertThrows(NullPointerException.class, () -> Dag.pbt(null));
    assertThrows(NullPointerException.class, () -> Dag.reductionTree((String[]) null));
    assertThrows(NullPointerException.class, () -> Dag.reductionTree(new String[] {"", null}));
  }

  @Test
  void unclosedObjectsAreCleaned() throws InterruptedException {
    for (int i = 0; i < 2000; ++i) {
      Dag dag = Dag.fft(4);
      Profile p = dag.evaluate(dag.topologicalOrder());
      assertEquals(80, dag.nodeCount());
      assertEquals(81, p.eligible().length);
      // neither closed: the Cleaner frees them
    }
    System.gc();
    Thread.sleep(50);
    System.gc();
  }

  @Test
  void independentDagsOnManyThreads() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (int t = 0; t < 8; ++t) {
        final int seed = t;
        results.add(pool.submit(() -> {
          long area = 0;
          for (int i = 0; i < 50; ++i) {
            try (Dag dag = Dag.randomLayered(5, 6, 0.4, seed)) {
              try (Profile p = dag.evaluate(dag.order(Policy.LEVEL))) {
                area = p.area();
              }
              try (Dag bad = Diamond.build()) {
                assertThrows(IcsException.class, () -> bad.nodeId("missing-" + seed));
              }
            }
          }
          return area;
        }));
      }
      for (int t = 0; t < 8; ++t) {
        try (Dag dag = Dag.randomLayered(5, 6, 0.4, t); Profile p = dag.evaluate(dag.order(Policy.LEVEL))) {
          assertEquals(p.area(), results.get(t).get().longValue());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
