package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Workspace (ics_workspace): the same Schedule as Dag.schedule, on random dags and the families. */
class WorkspaceTest {
  private static void expectSame(Schedule a, Schedule b, String what) {
    assertEquals(a.status(), b.status(), what);
    assertEquals(a.method(), b.method(), what);
    assertEquals(a.reason(), b.reason(), what);
    assertArrayEquals(a.order(), b.order(), what);
    assertArrayEquals(a.eligible(), b.eligible(), what);
    assertEquals(a.memory(), b.memory(), what);
    assertEquals(a.area(), b.area(), what);
    assertEquals(a.areaBound(), b.areaBound(), what);
    assertEquals(a.blocks(), b.blocks(), what);
  }

  @Test
  void sameScheduleAsDagSchedule() {
    ScheduleOptions memory = ScheduleOptions.defaults().withObjective(Objective.MEMORY);
    try (Workspace ws = new Workspace()) {
      assertEquals(0, ws.size());
      for (int seed = 1; seed <= 30; ++seed) {
        try (Dag g = seed % 2 == 1 ? Dag.randomEr(20 + seed * 7, 0.03, seed) : Dag.randomLayered(3, 5 + seed, 0.2, seed)) {
          ScheduleOptions o = seed % 3 == 0 ? memory : ScheduleOptions.defaults();
          try (Schedule a = g.schedule(o); Schedule b = ws.schedule(g, o)) {
            expectSame(a, b, "seed " + seed);
          }
        }
      }
      for (Dag g : new Dag[] {Dag.fft(6), Dag.reductionMesh(40), Dag.outMesh(40), Dag.reductionMesh(1500)}) {
        try (g; Schedule a = g.schedule(); Schedule b = ws.schedule(g)) {
          expectSame(a, b, "family of " + g.nodeCount() + " nodes");
        }
      }
      assertTrue(ws.size() > 0, "a 1.1M-node mesh leaves its arrays in the workspace");
    }
  }

  @Test
  void closedWorkspaceAndNullArguments() {
    Workspace ws = new Workspace();
    try (Dag g = Dag.fft(3)) {
      assertThrows(NullPointerException.class, () -> ws.schedule(g, null));
      assertThrows(NullPointerException.class, () -> ws.schedule(null, ScheduleOptions.defaults()));
      Schedule s = ws.schedule(g);
      ws.close();
      ws.close();
      assertTrue(ws.isClosed());
      assertThrows(IllegalStateException.class, () -> ws.schedule(g));
      assertEquals(g.nodeCount(), s.order().length, "a schedule outlives its workspace");
      s.close();
    }
  }
}
