// A C# program on top of icsched: reads a workflow, schedules it, prints the
// order with the number of ELIGIBLE tasks after each step and the priority a
// workflow system should give each task (a DAGMan file comes back with
// PRIORITY lines), and checks its own claim: an IC-optimal schedule has, at
// every step, at least as many ELIGIBLE tasks as the FIFO order of the same
// workflow.
//
//   mcs -r:/usr/lib/<triplet>/icsched/IcSched.dll -out:schedule_cs.exe Schedule.cs
//   MONO_PATH=/usr/lib/<triplet>/icsched mono schedule_cs.exe WORKFLOW_FILE
using System;
using IcSched;

public static class ScheduleProgram {
  public static int Main(string[] args) {
    if (args.Length != 1) {
      Console.Error.WriteLine("usage: schedule_cs.exe WORKFLOW_FILE");
      return 2;
    }
    try {
      using (var dag = Dag.Read(args[0]))
      using (var schedule = dag.Schedule())
      using (var fifo = dag.Evaluate(dag.Order(Policy.Fifo))) {
        Console.WriteLine("status: " + schedule.Status + " (" + schedule.Method + ")");
        if (!schedule.IsIcOptimal) Console.WriteLine("reason: " + schedule.Reason);
        Console.WriteLine("AREA: " + schedule.Area + " (fifo " + fifo.Area + "), memory: " + schedule.Memory);
        int[] order = schedule.Order();
        int[] e = schedule.Eligible();
        int[] f = fifo.Eligible();
        int[] priority = dag.Priorities(order); // by node id: the first task gets order.Length
        for (int i = 0; i < order.Length; ++i)
          Console.WriteLine((i + 1) + " " + dag.NodeName(order[i]) + " eligible=" + e[i + 1]
                            + " priority=" + priority[order[i]]);
        if (dag.SourceFormat == Format.DagMan)
          Console.Write(dag.DagmanWithPriorities(order));
        if (schedule.IsIcOptimal) {
          for (int t = 0; t < e.Length; ++t) {
            if (e[t] < f[t]) {
              Console.Error.WriteLine("not IC-optimal at step " + t);
              return 1;
            }
          }
        }
        return 0;
      }
    } catch (IcsException ex) {
      Console.Error.WriteLine("schedule_cs: " + ex.Message);
      return 1;
    }
  }
}
