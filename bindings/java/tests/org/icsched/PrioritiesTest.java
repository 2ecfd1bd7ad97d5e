package org.icsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Dag.priorities and Dag.dagmanWithPriorities: priorities a workflow system can use. */
class PrioritiesTest {
  private static final String DAG = "# a diamond\n"
      + "JOB A a.sub\n"
      + "JOB B b.sub\n"
      + "JOB C c.sub\n"
      + "JOB D d.sub\n"
      + "PRIORITY B 100\n"
      + "RETRY C 3\n"
      + "PARENT A CHILD B C\n"
      + "PARENT B C CHILD D\n";

  @Test
  void prioritiesDecreaseAlongTheSchedule() {
    try (Dag dag = Dag.parse(DAG, Format.DAGMAN); Schedule s = dag.schedule()) {
      int[] order = s.order();
      int[] p = dag.priorities(order);
      assertEquals(order.length, p.length);
      for (int i = 0; i < order.length; ++i) {
        assertEquals(order.length - i, p[order[i]]);
      }
    }
  }

  @Test
  void dagmanFileGetsOnePriorityLinePerNode() {
    try (Dag dag = Dag.parse(DAG, Format.DAGMAN); Schedule s = dag.schedule()) {
      int[] order = s.order();
      int[] p = dag.priorities(order);
      String text = dag.dagmanWithPriorities(order);
      for (int v = 0; v < dag.nodeCount(); ++v) {
        assertTrue(text.contains("PRIORITY " + dag.nodeName(v) + " " + p[v] + "\n"), text);
      }
      assertFalse(text.contains("PRIORITY B 100"), "the old PRIORITY line is replaced");
      assertTrue(text.contains("RETRY C 3\n") && text.startsWith("# a diamond\n"));
      try (Dag back = Dag.parse(text, Format.DAGMAN)) {
        assertEquals(dag.nodeCount(), back.nodeCount());
        assertEquals(dag.arcCount(), back.arcCount());
      }
    }
  }

  @Test
  void errors() {
    try (Dag dag = Dag.parse(DAG, Format.DAGMAN); Dag fft = Dag.fft(1)) {
      IcsException e = org.junit.jupiter.api.Assertions.assertThrows(IcsException.class,
          () -> dag.priorities(new int[] {3, 2, 1, 0}));
      assertEquals(Status.INVALID_ORDER, e.getCode());
      e = org.junit.jupiter.api.Assertions.assertThrows(IcsException.class,
          () -> fft.dagmanWithPriorities(fft.order(Policy.FIFO)));
      assertEquals(Status.UNSUPPORTED, e.getCode());
      assertTrue(e.getMessage().contains("DAGMan"));
    }
  }
}
