package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ScheduleOptions.withProgress: stages in pipeline order, same answer, cancellation. */
class ProgressTest {
  /** The pipeline's stages in the order it reaches them (ics.h ics_schedule_options.progress). */
  private static final List<String> STAGES = Arrays.asList("certificate", "shortcuts", "decomposition", "blocks",
      "linearization", "assembly", "exact search", "AREA fallback", "AREA fallback: exact AREA search",
      "AREA fallback: Sidney decomposition", "AREA fallback: candidate orders", "evaluation", "memory objective");

  private static void expectInOrder(List<String> seen) {
    int last = -1;
    for (String s : seen) {
      int k = STAGES.indexOf(s);
      assertTrue(k >= last, "stage " + s + " out of order in " + seen);
      last = k;
    }
  }

  @Test
  void countsStagesInOrderWithTheSameAnswer() {
    for (int seed = 1; seed <= 6; ++seed) {
      try (Dag g = seed % 2 == 1 ? Dag.randomEr(200 * seed, 4.0 / (200 * seed), seed) : Dag.fft(seed + 2)) {
        List<String> seen = new ArrayList<>();
        ScheduleOptions plain = ScheduleOptions.defaults().withAreaMaxDownsets(4096);
        ScheduleOptions o = plain.withProgress((stage, done, total) -> {
          assertTrue(total == 0 ? done == 0 : done <= total, stage + " " + done + "/" + total);
          seen.add(stage);
          return true;
        });
        try (Schedule a = g.schedule(plain); Schedule b = g.schedule(o)) {
          assertArrayEquals(a.order(), b.order());
          assertEquals(a.reason(), b.reason());
        }
        assertTrue(seen.size() >= 2, seen.toString());
        assertEquals("certificate", seen.get(0));
        expectInOrder(seen);
        if (seed % 2 == 1) {
          assertTrue(seen.contains("AREA fallback: candidate orders"), seen.toString());
        }
        int calls = seen.size();
        seen.clear();
        try (Workspace ws = new Workspace(); Schedule c = ws.schedule(g, o)) {
          assertEquals(calls, seen.size());
        }
      }
    }
  }

  @Test
  void cancelsAtTheFirstCall() {
    try (Dag g = Dag.randomEr(500, 0.01, 3); Workspace ws = new Workspace()) {
      int[] calls = {0};
      ScheduleOptions o = ScheduleOptions.defaults().withProgress((stage, done, total) -> {
        ++calls[0];
        return false;
      });
      IcsException e = assertThrows(IcsException.class, () -> g.schedule(o));
      assertEquals(Status.CANCELLED, e.getCode());
      assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
      assertEquals(1, calls[0]);
      e = assertThrows(IcsException.class, () -> ws.schedule(g, o));
      assertEquals(Status.CANCELLED, e.getCode());
      assertEquals(2, calls[0]);
      try (Schedule s = ws.schedule(g)) {  // the workspace is free again
        assertEquals(500, s.order().length);
      }
    }
  }

  @Test
  void whatTheListenerThrowsComesOut() {
    try (Dag g = Dag.fft(4)) {
      IllegalStateException boom = new IllegalStateException("boom");
      ScheduleOptions o = ScheduleOptions.defaults().withProgress((stage, done, total) -> {
        throw boom;
      });
      assertSame(boom, assertThrows(IllegalStateException.class, () -> g.schedule(o)));
      assertEquals(null, ScheduleOptions.defaults().progress());
    }
  }
}
