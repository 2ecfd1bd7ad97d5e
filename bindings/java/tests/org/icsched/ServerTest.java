package org.icsched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** The IC server from Java: the schedule replayed, reports, errors, the journal, threads. */
class ServerTest {
  @Test
  void oneWorkerReplaysTheSchedule() {
    try (Dag dag = Dag.fft(3); Schedule s = dag.schedule(); Server server = Server.create(dag)) {
      int[] order = s.order();
      assertArrayEquals(order, server.planOrder());
      for (int v : order) {
        int[] t = server.request(1);
        assertArrayEquals(new int[] {v}, t);
        server.complete(v);
      }
      assertEquals(0, server.request(1).length);
      assertEquals(order.length, server.counts().executed());
      assertArrayEquals(server.profilePlan(), server.profilePlayed());
      assertArrayEquals(s.eligible(), server.profilePlayed());
    }
  }

  @Test
  void reportsAndErrors() {
    try (Dag dag = Dag.reductionTree(2);
         Server server = Server.create(dag, new ServerOptions().retryLimit(0).lease(5))) {
      int[] two = server.request(9, 2);
      assertEquals(2, two.length);
      assertEquals(TaskState.RUNNING, server.state(two[0]));
      assertEquals(2, server.holdings().length);
      assertEquals(9, server.holdings()[0][1]);
      IcsException e = assertThrows(IcsException.class, () -> server.complete(dag.nodeCount()));
      assertEquals(Status.UNKNOWN_NODE, e.getCode());
      server.complete(two[0]);
      e = assertThrows(IcsException.class, () -> server.complete(two[0]));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
      assertTrue(e.getMessage().contains("executed"), e.getMessage());
      assertTrue(server.fail(two[1]));  // retry limit 0: failed at once
      assertEquals(2, server.counts().blocked());
      assertEquals(2, server.tasks(TaskState.BLOCKED).length);
      int[] more = server.request(3, 2);
      assertEquals(2, more.length);
      server.tick(4);
      assertEquals(0, server.expire(4).length);
      assertEquals(2, server.expire(5).length);
      assertThrows(IcsException.class, () -> server.tick(1));
      assertEquals(5, server.now());
      server.request(3, 1);
      assertEquals(1, server.release(3).length);
      server.replan();
      assertThrows(IcsException.class, server::snapshot);  // no journal
    }
  }

  @Test
  void batchesAndClusters() {
    try (Dag dag = Dag.reductionTree(3)) {
      try (Server server = Server.create(dag)) {
        int[] b = server.requestBatchFor(new int[] {4, 5});
        assertEquals(2, b.length);
        assertArrayEquals(new int[] {b[0]}, server.heldBy(4));
        assertArrayEquals(new int[] {b[1]}, server.heldBy(5));
        assertEquals(3, server.requestBatch(3).length);
      }
      try (Server server = Server.create(dag, new ServerOptions().requestMode(RequestMode.CLUSTER_RANK))) {
        int[] c = server.request(1, 3);
        assertEquals(3, c.length);
        Set<Integer> before = new HashSet<>();
        for (int v : c) {
          for (int p : dag.parents(v)) {
            assertTrue(before.contains(p), "self-contained");
          }
          before.add(v);
        }
      }
    }
  }

  @Test
  void priorities() {
    try (Dag dag = Dag.w(3, 2)) {
      int[] p = new int[dag.nodeCount()];
      int[] src = dag.sources();
      p[src[2]] = 7;
      try (Server server = Server.create(dag, new ServerOptions().priorities(p))) {
        assertArrayEquals(new int[] {src[2]}, server.request(0));
      }
    }
  }

  @Test
  void journalReopensWithTasksInDoubt() throws Exception {
    File dir = Files.createTempDirectory("ics-java-server").toFile();
    File journal = new File(dir, "run.jnl");
    try (Dag dag = Dag.fft(2)) {
      ServerOptions o = new ServerOptions().journal(journal.getPath()).fsyncEvery(10);
      int done;
      int[] handed;
      try (Server server = Server.create(dag, o)) {
        handed = server.request(1, 3);
        done = handed[0];
        server.complete(done);
      }
      assertThrows(IcsException.class, () -> Server.create(dag, o));  // exists: open it
      try (Server server = Server.open(dag, o)) {
        assertEquals(1, server.counts().executed());
        assertEquals(2, server.inDoubt().length);
        assertEquals(2, server.recoveryRecords());
        assertEquals("", server.recoveryMessage());
        server.snapshot();
      }
      try (Dag other = Dag.fft(3)) {
        IcsException e = assertThrows(IcsException.class, () -> Server.open(other, o));
        assertTrue(e.getMessage().contains("another dag"), e.getMessage());
      }
    } finally {
      journal.delete();
      dir.delete();
    }
  }

  @Test
  void threadPoolRunsTheWholeDag() throws Exception {
    try (Dag dag = Dag.fft(6); Server server = Server.create(dag)) {
      ExecutorService pool = Executors.newFixedThreadPool(8);
      AtomicInteger completed = new AtomicInteger();
      for (int w = 0; w < 8; ++w) {
        final int worker = w;
        pool.submit(() -> {
          while (server.counts().executed() < dag.nodeCount()) {
            int[] t = server.request(worker);
            if (t.length == 0) {
              Thread.yield();
              continue;
            }
            server.complete(t[0]);
            completed.incrementAndGet();
          }
        });
      }
      pool.shutdown();
      assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
      assertEquals(dag.nodeCount(), completed.get());
      Set<Integer> seen = new HashSet<>();
      for (int v : server.tasks(TaskState.EXECUTED)) {
        for (int p : dag.parents(v)) {
          assertTrue(seen.contains(p));
        }
        seen.add(v);
      }
    }
  }

  @Test
  void closedServerThrows() {
    try (Dag dag = Dag.fft(1)) {
      Server server = Server.create(dag);
      server.close();
      server.close();
      assertThrows(IllegalStateException.class, () -> server.request(0));
      assertFalse(dag.nodeCount() == 0);
    }
  }
}
