// A Java thread-pool scheduler on top of the IC server: reads a workflow and
// runs it with a pool of worker threads of different speeds, each asking the
// shared org.icsched.Server for the best-ranked eligible task, "running" it
// (sleeping its speed) and reporting it done. The server is called from all
// threads at once; it hands ELIGIBLE tasks out in the order of icsched's
// schedule. Prints progress and checks at the end that every task ran once,
// after its parents.
//
//   java -cp icsched.jar:icsched-examples.jar ServerPool WORKFLOW_FILE [WORKERS]
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.icsched.Dag;
import org.icsched.IcsException;
import org.icsched.Server;
import org.icsched.ServerCounts;
import org.icsched.ServerOptions;
import org.icsched.TaskState;

public final class ServerPool {
  public static void main(String[] args) throws InterruptedException {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: ServerPool WORKFLOW_FILE [WORKERS]");
      System.exit(2);
    }
    final int workers = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    try (Dag dag = Dag.read(args[0]);
         Server server = Server.create(dag, new ServerOptions().lease(60_000))) {
      final int n = dag.nodeCount();
      final long start = System.nanoTime();
      final AtomicInteger ran = new AtomicInteger();
      final Object clock = new Object();
      System.out.println(args[0] + ": " + n + " tasks, " + workers + " workers");
      ExecutorService pool = Executors.newFixedThreadPool(workers);
      for (int w = 0; w < workers; ++w) {
        final int worker = w;
        final int millis = 1 + 2 * w; // worker w takes 1 + 2w ms per task
        pool.submit(() -> {
          try {
            while (server.counts().executed() < n) {
              // The clock never goes back: read it and tick under one lock, or a
              // thread that read an earlier time could tick after a later one.
              synchronized (clock) {
                server.tick(System.nanoTime() / 1_000_000 - start / 1_000_000);
              }
              int[] t = server.request(worker);
              if (t.length == 0) {
                Thread.sleep(1); // nothing eligible now: others are running its parents
                continue;
              }
              Thread.sleep(millis);
              int[] newly = server.complete(t[0]);
              ran.incrementAndGet();
              ServerCounts c = server.counts();
              synchronized (System.out) {
                System.out.println("worker " + worker + " (" + millis + " ms) done " + dag.nodeName(t[0]) + ": "
                    + newly.length + " newly eligible; " + c.executed() + "/" + n + " executed, " + c.eligible()
                    + " eligible, " + c.running() + " running");
              }
            }
          } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
          } catch (IcsException ex) {
            System.err.println("ServerPool: worker " + worker + ": " + ex.getMessage());
            System.exit(1);
          }
          return null;
        });
      }
      pool.shutdown();
      if (!pool.awaitTermination(5, TimeUnit.MINUTES)) {
        System.err.println("ServerPool: the pool did not finish");
        System.exit(1);
      }
      // The claims: every task once, parents first; E(t) as played vs the plan's.
      int[] order = server.tasks(TaskState.EXECUTED);
      Set<Integer> seen = new HashSet<>();
      for (int v : order) {
        for (int p : dag.parents(v)) {
          if (!seen.contains(p)) {
            System.err.println("ServerPool: " + dag.nodeName(v) + " ran before its parent " + dag.nodeName(p));
            System.exit(1);
          }
        }
        seen.add(v);
      }
      if (order.length != n || ran.get() != n) {
        System.err.println("ServerPool: " + order.length + " of " + n + " tasks executed, " + ran.get() + " reports");
        System.exit(1);
      }
      System.out.println("done in " + (System.nanoTime() - start) / 1_000_000 + " ms");
      System.out.println("E(t) as played: " + java.util.Arrays.toString(server.profilePlayed()));
      System.out.println("E(t) planned:   " + java.util.Arrays.toString(server.profilePlan()));
    } catch (IcsException ex) {
      System.err.println("ServerPool: " + ex.getMessage());
      System.exit(1);
    }
  }
}
