package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Simulation against hand-computed cases: one worker, enough workers, the ranking's E(t), seeds. */
class SimulationTest {
  /** The longest path in nodes, computed here from parents in a topological order. */
  private static int longestPath(Dag dag) {
    int[] depth = new int[dag.nodeCount()];
    int best = 0;
    for (int v : dag.topologicalOrder()) {
      int d = 0;
      for (int p : dag.parents(v)) {
        d = Math.max(d, depth[p]);
      }
      depth[v] = d + 1;
      best = Math.max(best, depth[v]);
    }
    return best;
  }

  @Test
  void oneWorkerAndEnoughWorkers() {
    for (long seed = 1; seed <= 5; ++seed) {
      try (Dag dag = Dag.randomLayered(4, 5, 0.4, seed)) {
        int n = dag.nodeCount();
        for (Simulation.Policy p : Simulation.Policy.values()) {
          Simulation one = Simulation.run(dag, new Simulation.Options().workers(1).policy(p));
          assertEquals(n, one.runs().get(0).makespan(), 0.0);
          assertEquals(0.0, one.runs().get(0).idle(), 0.0);
          Simulation all = Simulation.run(dag, new Simulation.Options().workers(n).policy(p));
          assertEquals(longestPath(dag), all.runs().get(0).makespan(), 0.0);
          if (p != Simulation.Policy.RANDOM) {
            int[] order = Simulation.ranking(dag, p, null, 0);
            try (Profile prof = dag.evaluate(order)) {
              assertArrayEquals(prof.eligible(), one.runs().get(0).profile(), p.toString());
            }
          }
        }
        double[] d = new double[n];
        double sum = 0;
        for (int v = 0; v < n; ++v) {
          d[v] = 1 + (v * 3 + seed) % 5;
          sum += d[v];
        }
        Simulation given = Simulation.run(dag, d, new Simulation.Options().workers(1));
        assertEquals(sum, given.runs().get(0).makespan(), 1e-9 * sum);
      }
    }
  }

  @Test
  void seedsAndSummaries() {
    try (Dag dag = Dag.fft(3)) {
      Simulation.Options o = new Simulation.Options().workers(3).runs(6).seed(9)
          .durations(Simulation.Durations.EXPONENTIAL).speeds(Simulation.Speeds.HETEROGENEOUS)
          .availability(Simulation.Availability.CHURN).churn(5, 2).failures(0.1, 254);
      Simulation a = Simulation.run(dag, o);
      Simulation b = Simulation.run(dag, o);
      assertEquals(6, a.runs().size());
      double sum = 0;
      for (int i = 0; i < 6; ++i) {
        assertEquals(a.runs().get(i).makespan(), b.runs().get(i).makespan(), 0.0);
        assertTrue(a.runs().get(i).complete());
        sum += a.runs().get(i).makespan();
      }
      assertEquals(sum / 6, a.summary(Simulation.Metric.MAKESPAN)[0], 1e-9 * sum);
      assertArrayEquals(new int[] {0, 6, 0}, a.winsTiesLosses(b));
      assertNotEquals(a.runs().get(0).makespan(), Simulation.run(dag, o.seed(10)).runs().get(0).makespan());
    }
  }

  @Test
  void durationsFromAFileAndErrors() throws java.io.IOException {
    // An STG graph: two tasks of 5 and 7 between the entry and exit dummies.
    Path stg = Files.createTempFile("ics-sim", ".stg");
    Files.write(stg, "2\n0 0 0\n1 5 1 0\n2 7 1 0\n3 0 2 1 2\n".getBytes(StandardCharsets.US_ASCII));
    try (Dag dag = Dag.read(stg.toString())) {
      double[] d = Simulation.durations(dag, stg.toString());
      assertEquals(dag.nodeCount(), d.length);
      assertEquals(7.0, d[dag.nodeId("2")], 0.0);
      assertEquals(12.0, Simulation.run(dag, d, new Simulation.Options().workers(1)).runs().get(0).makespan(), 0.0);
      assertEquals(7.0, Simulation.run(dag, d, new Simulation.Options().workers(2)).runs().get(0).makespan(), 0.0);
      IcsException e = assertThrows(IcsException.class,
          () -> Simulation.run(dag, new double[] {1, 2}, new Simulation.Options()));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      e = assertThrows(IcsException.class, () -> Simulation.run(dag, new Simulation.Options().workers(0)));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
    } finally {
      Files.delete(stg);
    }
    assertThrows(NullPointerException.class, () -> Simulation.run(null, new Simulation.Options()));
    Dag closed = Dag.fft(2);
    closed.close();
    assertThrows(IllegalStateException.class, () -> Simulation.run(closed, new Simulation.Options()));
  }
}
