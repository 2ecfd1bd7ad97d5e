using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>ScheduleOptions.Progress: stages in pipeline order, same answer, cancellation.</summary>
[TestFixture]
public class ProgressTests {
  private static readonly List<string> Stages = new List<string> {
    "certificate", "shortcuts", "decomposition", "blocks", "linearization", "assembly", "exact search",
    "AREA fallback", "AREA fallback: exact AREA search", "AREA fallback: Sidney decomposition",
    "AREA fallback: candidate orders", "evaluation", "memory objective"};

  [Test]
  public void CountsStagesInOrderWithTheSameAnswer() {
    for (int seed = 1; seed <= 6; ++seed) {
      using (Dag g = seed % 2 == 1 ? Dag.RandomEr(200 * seed, 4.0 / (200 * seed), seed) : Dag.Fft(seed + 2)) {
        var seen = new List<string>();
        var plain = new ScheduleOptions { AreaMaxDownsets = 4096 };
        var o = new ScheduleOptions { AreaMaxDownsets = 4096, Progress = (stage, done, total) => {
          Assert.IsTrue(total == 0 ? done == 0 : done <= total, stage);
          seen.Add(stage);
          return true;
        } };
        using (Schedule a = g.Schedule(plain))
        using (Schedule b = g.Schedule(o)) {
          Assert.AreEqual(a.Order(), b.Order());
          Assert.AreEqual(a.Reason, b.Reason);
        }
        Assert.GreaterOrEqual(seen.Count, 2);
        Assert.AreEqual("certificate", seen[0]);
        int last = -1;
        foreach (string s in seen) {
          int k = Stages.IndexOf(s);
          Assert.GreaterOrEqual(k, last, "stage " + s + " out of order: " + string.Join(", ", seen));
          last = k;
        }
        if (seed % 2 == 1) CollectionAssert.Contains(seen, "AREA fallback: candidate orders");
        int calls = seen.Count;
        seen.Clear();
        using (var ws = new Workspace())
        using (Schedule c = ws.Schedule(g, o)) Assert.AreEqual(calls, seen.Count);
      }
    }
  }

  [Test]
  public void CancelsAtTheFirstCall() {
    using (Dag g = Dag.RandomEr(500, 0.01, 3))
    using (var ws = new Workspace()) {
      int calls = 0;
      var o = new ScheduleOptions { Progress = (stage, done, total) => { ++calls; return false; } };
      var e = Assert.Throws<IcsException>(() => g.Schedule(o));
      Assert.AreEqual(Status.Cancelled, e.Code);
      StringAssert.Contains("cancelled", e.Message);
      Assert.AreEqual(1, calls);
      e = Assert.Throws<IcsException>(() => ws.Schedule(g, o));
      Assert.AreEqual(Status.Cancelled, e.Code);
      Assert.AreEqual(2, calls);
      using (Schedule s = ws.Schedule(g)) Assert.AreEqual(500, s.Order().Length);
    }
  }

  [Test]
  public void WhatTheDelegateThrowsComesOut() {
    using (Dag g = Dag.Fft(4)) {
      var boom = new InvalidOperationException("boom");
      var o = new ScheduleOptions { Progress = (stage, done, total) => { throw boom; } };
      Assert.AreSame(boom, Assert.Throws<InvalidOperationException>(() => g.Schedule(o)));
    }
  }
}

}
