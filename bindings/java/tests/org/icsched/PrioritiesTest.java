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

  @Test
  void everyTargetAndMode() throws Exception {
    try (Dag dag = Dag.parse(DAG, Format.DAGMAN); Schedule s = dag.schedule()) {
      int[] order = s.order();
      int[] p = dag.priorities(order);
      int b = dag.nodeId("B");
      String keep = dag.prioritiesText(order, PriorityTarget.DAGMAN, PriorityMode.KEEP);
      assertTrue(keep.contains("PRIORITY B 100\n"), keep);
      assertFalse(keep.contains("PRIORITY B " + p[b] + "\n"), keep);
      String add = dag.prioritiesText(order, PriorityTarget.DAGMAN, PriorityMode.ADD);
      assertTrue(add.contains("PRIORITY B " + (100 * 5 + p[b]) + "\n"), add);
      String compat = dag.prioritiesText(order, PriorityTarget.DAGMAN, PriorityMode.REPLACE, true);
      assertTrue(compat.contains("VARS B JOBPRIORITY=\"" + p[b] + "\"\n"), compat);
      String csv = dag.prioritiesText(order, PriorityTarget.CSV);
      assertTrue(csv.startsWith("node,rank,priority\n" + dag.nodeName(order[0]) + ",1," + order.length + "\n"), csv);
      assertTrue(dag.prioritiesText(order, PriorityTarget.AIRFLOW_JSON).contains("\"weight_rule\": \"absolute\""));

      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("ics-prio");
      java.nio.file.Path out = dir.resolve("out.dag");
      dag.writePriorities(out.toString(), order, PriorityTarget.DAGMAN, PriorityMode.REPLACE, false);
      assertEquals(dag.prioritiesText(order, PriorityTarget.DAGMAN),
          new String(java.nio.file.Files.readAllBytes(out), java.nio.charset.StandardCharsets.UTF_8));
      IcsException e = org.junit.jupiter.api.Assertions.assertThrows(IcsException.class,
          () -> dag.writePriorities(dir.resolve("no").resolve("x.dag").toString(), order, PriorityTarget.CSV));
      assertEquals(Status.IO, e.getCode());
      e = org.junit.jupiter.api.Assertions.assertThrows(IcsException.class,
          () -> dag.prioritiesText(order, PriorityTarget.DAX));
      assertEquals(Status.UNSUPPORTED, e.getCode());
      java.nio.file.Files.delete(out);
      java.nio.file.Files.delete(dir);  // nothing else was left in it
    }
  }

  @Test
  void readWithoutTheSourceSchedulesTheSameButCannotRewriteTheFile() {
    try (Dag kept = Dag.parseWith(DAG, Format.DAGMAN, null, null, 0, 0, 0, 0, 0, true);
         Dag dropped = Dag.parseWith(DAG, Format.DAGMAN, null, null, 0, 0, 0, 0, 0, false);
         Schedule s = kept.schedule(); Schedule t = dropped.schedule()) {
      assertEquals(kept.nodeCount(), dropped.nodeCount());
      assertEquals(kept.arcCount(), dropped.arcCount());
      org.junit.jupiter.api.Assertions.assertArrayEquals(s.order(), t.order());
      assertTrue(kept.dagmanWithPriorities(s.order()).contains("PRIORITY"));
      IcsException e = org.junit.jupiter.api.Assertions.assertThrows(IcsException.class,
          () -> dropped.dagmanWithPriorities(t.order()));
      assertEquals(Status.UNSUPPORTED, e.getCode());
      assertTrue(e.getMessage().contains("keep_source"), e.getMessage());
      // Targets that do not rewrite the file still work.
      assertEquals(kept.prioritiesText(s.order(), PriorityTarget.CSV),
          dropped.prioritiesText(t.order(), PriorityTarget.CSV));
    }
  }
}
