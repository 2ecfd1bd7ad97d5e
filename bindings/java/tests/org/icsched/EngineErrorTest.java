package org.icsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Errors and misuse of the scheduling engine part: statuses, closed objects, nulls. */
class EngineErrorTest {
  private static IcsException expect(Status code, Executable call) {
    IcsException e = assertThrows(IcsException.class, call);
    assertEquals(code, e.getCode(), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
    return e;
  }

  @Test
  void newStatusValues() {
    assertEquals(-16, Status.NOT_IC_OPTIMAL.swigValue());
    assertEquals(-17, Status.NOT_DECOMPOSABLE.swigValue());
    assertEquals(0, ScheduleStatus.IC_OPTIMAL.swigValue());
    assertEquals(1, ScheduleStatus.HEURISTIC.swigValue());
    assertEquals(1, ScheduleMethod.SWEEP.swigValue());
    assertEquals(2, ScheduleStatus.AREA_OPTIMAL.swigValue());
    assertEquals(4, ScheduleMethod.SIDNEY.swigValue());
    assertEquals(6, ScheduleMethod.LEVEL_ORDER.swigValue());
    assertEquals(8, ScheduleMethod.values().length);
    assertEquals(7, ScheduleMethod.SERIES_PARALLEL.swigValue());
  }

  @Test
  void badProfiles() {
    expect(Status.INVALID_ARGUMENT, () -> Sweep.ofProfiles(new int[] {1, 2}).close());
    expect(Status.INVALID_ARGUMENT, () -> Sweep.ofProfiles(new int[] {0, 1}, new int[] {2}).close());
    expect(Status.INVALID_ARGUMENT, () -> Sweep.ofProfiles().close());
    expect(Status.INVALID_ARGUMENT, () -> Sweep.ofProfiles(new int[0]).close());
    expect(Status.INVALID_ARGUMENT, () -> Sweep.ofProfiles(new int[] {0, -1}).close());
    expect(Status.INVALID_ARGUMENT, () -> Priority.has(new int[] {3}, new int[] {0}));
    expect(Status.INVALID_ARGUMENT, () -> Priority.has(new int[0], new int[] {0}));
    try (Sweep s = Sweep.ofProfiles(new int[] {0, 1}, new int[] {0, 1})) {
      expect(Status.INVALID_ARGUMENT, () -> s.hasPriority(2, 0));
      expect(Status.INVALID_ARGUMENT, () -> s.hasPriority(0, -1));
      expect(Status.INVALID_ARGUMENT, s::order); // a sweep of profiles has no dag order
    }
  }

  @Test
  void dagsWithoutIcoSchedule() {
    try (Dag bad = BruteForce.noIco(); Dag good = Dag.fft(2)) {
      IcsException e = expect(Status.NOT_IC_OPTIMAL, () -> Priority.has(bad, good));
      assertTrue(e.getMessage().contains("IC-optimal"), e.getMessage());
      expect(Status.NOT_IC_OPTIMAL, () -> Priority.has(good, bad));
      expect(Status.NOT_IC_OPTIMAL, () -> Sweep.ofDags(good, bad).close());
    }
  }

  @Test
  void badOrders() {
    try (Dag dag = Diamond.build()) {
      expect(Status.INVALID_ORDER, () -> dag.dualOrder(new int[] {3, 2, 1, 0}));
      expect(Status.INVALID_ORDER, () -> dag.nonsourceProfile(new int[] {0, 0, 1, 2}));
      expect(Status.INVALID_ORDER, () -> dag.nonsourceProfile(new int[] {0, 9, 1, 2}));
      expect(Status.INVALID_ORDER, () -> dag.dualOrder(new int[] {0, -1, 1, 2}));
    }
  }

  @Test
  void cyclicDag() {
    try (Dag dag = BruteForce.fromArcs("a->b", "b->a")) {
      expect(Status.CYCLE, dag::schedule);
      expect(Status.CYCLE, dag::skeleton);
      expect(Status.CYCLE, dag::dual);
    }
  }

  @Test
  void useAfterClose() {
    Dag dag = Dag.fft(2);
    Schedule s = dag.schedule();
    Sweep w = Sweep.ofProfiles(new int[] {0, 1});
    Sweep d = Sweep.ofDags(dag);
    s.close();
    w.close();
    d.close();
    assertTrue(s.isClosed());
    assertThrows(IllegalStateException.class, s::status);
    assertThrows(IllegalStateException.class, s::isIcOptimal);
    assertThrows(IllegalStateException.class, s::order);
    assertThrows(IllegalStateException.class, s::blocks);
    assertThrows(IllegalStateException.class, s::linearization);
    assertThrows(IllegalStateException.class, s::area);
    IllegalStateException e = assertThrows(IllegalStateException.class, w::isIco);
    assertTrue(e.getMessage().contains("Sweep"), e.getMessage());
    assertThrows(IllegalStateException.class, w::path);
    assertThrows(IllegalStateException.class, d::order);
    s.close(); // idempotent
    dag.close();
    assertThrows(IllegalStateException.class, dag::schedule);
    assertThrows(IllegalStateException.class, dag::skeleton);
    assertThrows(IllegalStateException.class, () -> dag.dualOrder(new int[] {0}));
    try (Dag other = Dag.fft(2)) {
      assertThrows(IllegalStateException.class, () -> Priority.has(dag, other));
      assertThrows(IllegalStateException.class, () -> Priority.has(other, dag));
      assertThrows(IllegalStateException.class, () -> Sweep.ofDags(other, dag));
    }
  }

  @Test
  void nullArguments() {
    assertThrows(NullPointerException.class, () -> Sweep.ofProfiles((int[][]) null));
    assertThrows(NullPointerException.class, () -> Sweep.ofProfiles(new int[] {0}, null));
    assertThrows(NullPointerException.class, () -> Sweep.ofDags((Dag[]) null));
    assertThrows(NullPointerException.class, () -> Sweep.ofDags((Dag) null));
    assertThrows(NullPointerException.class, () -> Priority.has((int[]) null, new int[] {0}));
    assertThrows(NullPointerException.class, () -> Priority.has((Dag) null, null));
    try (Dag dag = Diamond.build()) {
      assertThrows(NullPointerException.class, () -> dag.dualOrder(null));
      assertThrows(NullPointerException.class, () -> dag.nonsourceProfile(null));
    }
  }

  @Test
  void unclosedResultsAreCleaned() throws InterruptedException {
    for (int i = 0; i < 500; ++i) {
      Dag dag = Dag.fft(2);
      Schedule s = dag.schedule();
      Sweep w = Sweep.ofDags(dag, dag);
      assertEquals(12, s.order().length);
      assertEquals(2, w.count());
    }
    System.gc();
    Thread.sleep(50);
    System.gc();
  }
}
