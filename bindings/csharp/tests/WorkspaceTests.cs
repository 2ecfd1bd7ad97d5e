using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Workspace (ics_workspace): the same Schedule as Dag.Schedule, on random dags and the families.</summary>
[TestFixture]
public class WorkspaceTests {
  private static void ExpectSame(Schedule a, Schedule b, string what) {
    Assert.AreEqual(a.Status, b.Status, what);
    Assert.AreEqual(a.Method, b.Method, what);
    Assert.AreEqual(a.Reason, b.Reason, what);
    Assert.AreEqual(a.Order(), b.Order(), what);
    Assert.AreEqual(a.Eligible(), b.Eligible(), what);
    Assert.AreEqual(a.Memory, b.Memory, what);
    Assert.AreEqual(a.Area, b.Area, what);
    Assert.AreEqual(a.AreaBound, b.AreaBound, what);
    Assert.AreEqual(a.Blocks(), b.Blocks(), what);
  }

  [Test]
  public void SameScheduleAsDagSchedule() {
    var memory = new ScheduleOptions { Objective = Objective.Memory };
    using (var ws = new Workspace()) {
      Assert.AreEqual(0, ws.Size);
      for (int seed = 1; seed <= 30; ++seed) {
        using (Dag g = seed % 2 == 1 ? Dag.RandomEr(20 + seed * 7, 0.03, seed) : Dag.RandomLayered(3, 5 + seed, 0.2, seed)) {
          ScheduleOptions o = seed % 3 == 0 ? memory : new ScheduleOptions();
          using (Schedule a = g.Schedule(o))
          using (Schedule b = ws.Schedule(g, o)) ExpectSame(a, b, "seed " + seed);
        }
      }
      foreach (Dag g in new[] {Dag.Fft(6), Dag.ReductionMesh(40), Dag.OutMesh(40), Dag.ReductionMesh(1500)}) {
        using (g)
        using (Schedule a = g.Schedule())
        using (Schedule b = ws.Schedule(g)) ExpectSame(a, b, "family of " + g.NodeCount + " nodes");
      }
      Assert.Greater(ws.Size, 0, "a 1.1M-node mesh leaves its arrays in the workspace");
    }
  }

  [Test]
  public void DisposedWorkspaceAndNullArguments() {
    var ws = new Workspace();
    using (Dag g = Dag.Fft(3)) {
      Assert.Throws<ArgumentNullException>(() => ws.Schedule(g, null));
      Assert.Throws<ArgumentNullException>(() => ws.Schedule(null, new ScheduleOptions()));
      Schedule s = ws.Schedule(g);
      ws.Dispose();
      ws.Dispose();
      Assert.IsTrue(ws.IsDisposed);
      Assert.Throws<ObjectDisposedException>(() => ws.Schedule(g));
      Assert.AreEqual(g.NodeCount, s.Order().Length, "a schedule outlives its workspace");
      s.Dispose();
    }
  }
}

}
