// A Java scheduler on top of icsched: reads a workflow, schedules it, and
// prints a priority per task (higher = run earlier), the way a grid
// scheduler would hand them to its queue. It checks its own claim: an
// IC-optimal schedule has, at every step, at least as many ELIGIBLE tasks
// as the FIFO order of the same workflow.
//
//   javac -cp /usr/share/java/icsched.jar Scheduler.java
//   java -cp /usr/share/java/icsched.jar:. Scheduler WORKFLOW_FILE
import java.util.Arrays;

import org.icsched.Dag;
import org.icsched.Format;
import org.icsched.IcsException;
import org.icsched.Policy;
import org.icsched.Profile;
import org.icsched.Schedule;

public final class Scheduler {
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: Scheduler WORKFLOW_FILE");
      System.exit(2);
    }
    try (Dag dag = Dag.read(args[0]);
         Schedule schedule = dag.schedule();
         Profile fifo = dag.evaluate(dag.order(Policy.FIFO))) {
      int[] order = schedule.order();
      System.out.println("status: " + schedule.status() + " (" + schedule.method() + ")");
      if (!schedule.isIcOptimal()) System.out.println("reason: " + schedule.reason());
      System.out.println("AREA: " + schedule.area() + " (fifo " + fifo.area() + ")");
      int[] priority = dag.priorities(order); // by node id: the first task gets order.length
      if (dag.sourceFormat() == Format.DAGMAN) {
        // A DAGMan file comes back whole, with one PRIORITY line per job.
        System.out.print(dag.dagmanWithPriorities(order));
      } else {
        for (int v : order)
          System.out.println("PRIORITY " + dag.nodeName(v) + " " + priority[v]);
      }
      int[] e = schedule.eligible();
      int[] f = fifo.eligible();
      if (schedule.isIcOptimal()) {
        for (int t = 0; t < e.length; ++t) {
          if (e[t] < f[t]) {
            System.err.println("not IC-optimal at step " + t + ": " + Arrays.toString(e) + " vs fifo "
                               + Arrays.toString(f));
            System.exit(1);
          }
        }
      }
    } catch (IcsException ex) {
      System.err.println("Scheduler: " + ex.getMessage());
      System.exit(1);
    }
  }
}
