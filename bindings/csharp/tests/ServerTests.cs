using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>The IC server from C#: the schedule replayed, reports, errors, the journal, threads.</summary>
[TestFixture]
public class ServerTests {
  [Test]
  public void OneWorkerReplaysTheSchedule() {
    using (Dag dag = Dag.Fft(3))
    using (Schedule s = dag.Schedule())
    using (Server server = Server.Create(dag)) {
      int[] order = s.Order();
      Assert.AreEqual(order, server.PlanOrder());
      foreach (int v in order) {
        Assert.AreEqual(new[] {v}, server.Request(1));
        server.Complete(v);
      }
      Assert.AreEqual(0, server.Request(1).Length);
      Assert.AreEqual(order.Length, server.Counts.Executed);
      Assert.AreEqual(s.Eligible(), server.ProfilePlayed());
      Assert.AreEqual(server.ProfilePlan(), server.ProfilePlayed());
    }
  }

  [Test]
  public void ReportsAndErrors() {
    using (Dag dag = Dag.ReductionTree(2))
    using (Server server = Server.Create(dag, new ServerOptions { RetryLimit = 0, Lease = 5 })) {
      int[] two = server.Request(9, 2);
      Assert.AreEqual(2, two.Length);
      Assert.AreEqual(TaskState.Running, server.State(two[0]));
      Assert.AreEqual(9, server.Holdings()[0][1]);
      var e = Assert.Throws<IcsException>(() => server.Complete(dag.NodeCount));
      Assert.AreEqual(Status.UnknownNode, e.Code);
      server.Complete(two[0]);
      e = Assert.Throws<IcsException>(() => server.Complete(two[0]));
      StringAssert.Contains("executed", e.Message);
      Assert.IsTrue(server.Fail(two[1]));
      Assert.AreEqual(2, server.Counts.Blocked);
      Assert.AreEqual(2, server.Tasks(TaskState.Blocked).Length);
      Assert.AreEqual(2, server.Request(3, 2).Length);
      server.Tick(4);
      Assert.AreEqual(0, server.Expire(4).Length);
      Assert.AreEqual(2, server.Expire(5).Length);
      Assert.Throws<IcsException>(() => server.Tick(1));
      Assert.AreEqual(5, server.Now);
      server.Request(3, 1);
      Assert.AreEqual(1, server.Release(3).Length);
      server.Replan();
      Assert.Throws<IcsException>(() => server.Snapshot());
    }
    Assert.Throws<IcsException>(() => new ServerOptions { Lease = -1 });
  }

  [Test]
  public void BatchesAndClusters() {
    using (Dag dag = Dag.ReductionTree(3)) {
      using (Server server = Server.Create(dag)) {
        int[] b = server.RequestBatchFor(new[] {4, 5});
        Assert.AreEqual(2, b.Length);
        Assert.AreEqual(new[] {b[0]}, server.HeldBy(4));
        Assert.AreEqual(new[] {b[1]}, server.HeldBy(5));
        Assert.AreEqual(3, server.RequestBatch(3).Length);
      }
      using (Server server = Server.Create(dag, new ServerOptions { RequestMode = RequestMode.ClusterRank })) {
        int[] c = server.Request(1, 3);
        Assert.AreEqual(3, c.Length);
        var before = new HashSet<int>();
        foreach (int v in c) {
          foreach (int p in dag.Parents(v)) Assert.IsTrue(before.Contains(p), "self-contained");
          before.Add(v);
        }
      }
    }
  }

  [Test]
  public void JournalReopensWithTasksInDoubt() {
    string journal = Path.Combine(Path.GetTempPath(), "ics-cs-server-" + Guid.NewGuid() + ".jnl");
    try {
      using (Dag dag = Dag.Fft(2)) {
        var o = new ServerOptions { Journal = journal, FsyncEvery = 10 };
        using (Server server = Server.Create(dag, o)) {
          int[] handed = server.Request(1, 3);
          server.Complete(handed[0]);
        }
        Assert.Throws<IcsException>(() => Server.Create(dag, o));
        using (Server server = Server.Open(dag, o)) {
          Assert.AreEqual(1, server.Counts.Executed);
          Assert.AreEqual(2, server.InDoubt().Length);
          Assert.AreEqual(2, server.RecoveryRecords);
          Assert.AreEqual("", server.RecoveryMessage);
          server.Snapshot();
        }
        using (Dag other = Dag.Fft(3)) {
          var e = Assert.Throws<IcsException>(() => Server.Open(other, o));
          StringAssert.Contains("another dag", e.Message);
        }
      }
    } finally {
      File.Delete(journal);
    }
  }

  [Test]
  public void ThreadsRunTheWholeDag() {
    using (Dag dag = Dag.Fft(6))
    using (Server server = Server.Create(dag)) {
      int completed = 0;
      var threads = new List<Thread>();
      for (int w = 0; w < 8; ++w) {
        int worker = w;
        var t = new Thread(() => {
          while (server.Counts.Executed < dag.NodeCount) {
            int[] got = server.Request(worker);
            if (got.Length == 0) {
              Thread.Yield();
              continue;
            }
            server.Complete(got[0]);
            Interlocked.Increment(ref completed);
          }
        });
        threads.Add(t);
        t.Start();
      }
      foreach (var t in threads) t.Join();
      Assert.AreEqual(dag.NodeCount, completed);
      var seen = new HashSet<int>();
      foreach (int v in server.Tasks(TaskState.Executed)) {
        foreach (int p in dag.Parents(v)) Assert.IsTrue(seen.Contains(p));
        seen.Add(v);
      }
    }
  }

  [Test]
  public void DisposedServerThrows() {
    using (Dag dag = Dag.Fft(1)) {
      Server server = Server.Create(dag);
      server.Dispose();
      server.Dispose();
      Assert.IsTrue(server.IsDisposed);
      Assert.Throws<ObjectDisposedException>(() => server.Request(0));
    }
  }
}

}
