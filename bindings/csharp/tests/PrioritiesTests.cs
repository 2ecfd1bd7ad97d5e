using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Dag.Priorities and Dag.DagmanWithPriorities: priorities a workflow system can use.</summary>
[TestFixture]
public class PrioritiesTests {
  private const string DagText = "# a diamond\n" +
                                 "JOB A a.sub\n" +
                                 "JOB B b.sub\n" +
                                 "JOB C c.sub\n" +
                                 "JOB D d.sub\n" +
                                 "PRIORITY B 100\n" +
                                 "RETRY C 3\n" +
                                 "PARENT A CHILD B C\n" +
                                 "PARENT B C CHILD D\n";

  [Test]
  public void DagmanFileGetsOnePriorityLinePerNode() {
    using (var dag = Dag.Parse(DagText, Format.DagMan))
    using (var s = dag.Schedule()) {
      int[] order = s.Order();
      int[] p = dag.Priorities(order);
      for (int i = 0; i < order.Length; ++i) {
        Assert.AreEqual(order.Length - i, p[order[i]]);
      }
      string text = dag.DagmanWithPriorities(order);
      for (int v = 0; v < dag.NodeCount; ++v) {
        StringAssert.Contains("PRIORITY " + dag.NodeName(v) + " " + p[v] + "\n", text);
      }
      Assert.IsFalse(text.Contains("PRIORITY B 100"));
      StringAssert.StartsWith("# a diamond\n", text);
      using (var back = Dag.Parse(text, Format.DagMan)) {
        Assert.AreEqual(dag.NodeCount, back.NodeCount);
        Assert.AreEqual(dag.ArcCount, back.ArcCount);
      }
    }
  }

  [Test]
  public void Errors() {
    using (var dag = Dag.Parse(DagText, Format.DagMan))
    using (var fft = Dag.Fft(1)) {
      var e = Assert.Throws<IcsException>(() => dag.Priorities(new[] {3, 2, 1, 0}));
      Assert.AreEqual(Status.InvalidOrder, e.Code);
      e = Assert.Throws<IcsException>(() => fft.DagmanWithPriorities(fft.Order(Policy.Fifo)));
      Assert.AreEqual(Status.Unsupported, e.Code);
      StringAssert.Contains("DAGMan", e.Message);
    }
  }

  [Test]
  public void EveryTargetAndMode() {
    using (var dag = Dag.Parse(DagText, Format.DagMan))
    using (var s = dag.Schedule()) {
      int[] order = s.Order();
      int[] p = dag.Priorities(order);
      uint b = (uint)dag.NodeId("B");
      string keep = dag.PrioritiesText(order, PriorityTarget.DagMan, PriorityMode.Keep);
      StringAssert.Contains("PRIORITY B 100\n", keep);
      string add = dag.PrioritiesText(order, PriorityTarget.DagMan, PriorityMode.Add);
      StringAssert.Contains("PRIORITY B " + (100 * 5 + p[b]) + "\n", add);
      string compat = dag.PrioritiesText(order, PriorityTarget.DagMan, PriorityMode.Replace, true);
      StringAssert.Contains("VARS B JOBPRIORITY=\"" + p[b] + "\"\n", compat);
      StringAssert.StartsWith("node,rank,priority\n" + dag.NodeName(order[0]) + ",1," + order.Length + "\n",
                              dag.PrioritiesText(order, PriorityTarget.Csv));
      StringAssert.Contains("\"weight_rule\": \"absolute\"", dag.PrioritiesText(order, PriorityTarget.AirflowJson));

      string dir = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "ics-prio-" + Guid.NewGuid());
      System.IO.Directory.CreateDirectory(dir);
      string outPath = System.IO.Path.Combine(dir, "out.dag");
      dag.WritePriorities(outPath, order, PriorityTarget.DagMan, PriorityMode.Replace, false);
      Assert.AreEqual(dag.PrioritiesText(order, PriorityTarget.DagMan), System.IO.File.ReadAllText(outPath));
      var e = Assert.Throws<IcsException>(
          () => dag.WritePriorities(System.IO.Path.Combine(dir, "no", "x.dag"), order, PriorityTarget.Csv));
      Assert.AreEqual(Status.IO, e.Code);
      e = Assert.Throws<IcsException>(() => dag.PrioritiesText(order, PriorityTarget.Dax));
      Assert.AreEqual(Status.Unsupported, e.Code);
      System.IO.File.Delete(outPath);
      System.IO.Directory.Delete(dir);  // nothing else was left in it
    }
  }

  [Test]
  public void ReadWithoutTheSourceSchedulesTheSameButCannotRewriteTheFile() {
    using (var kept = Dag.ParseWith(DagText, Format.DagMan, null, null, 0, 0, 0, 0, 0, true))
    using (var dropped = Dag.ParseWith(DagText, Format.DagMan, null, null, 0, 0, 0, 0, 0, false))
    using (var s = kept.Schedule())
    using (var t = dropped.Schedule()) {
      Assert.AreEqual(kept.NodeCount, dropped.NodeCount);
      CollectionAssert.AreEqual(s.Order(), t.Order());
      StringAssert.Contains("PRIORITY", kept.DagmanWithPriorities(s.Order()));
      var e = Assert.Throws<IcsException>(() => dropped.DagmanWithPriorities(t.Order()));
      Assert.AreEqual(Status.Unsupported, e.Code);
      StringAssert.Contains("keep_source", e.Message);
      Assert.AreEqual(kept.PrioritiesText(s.Order(), PriorityTarget.Csv),
                      dropped.PrioritiesText(t.Order(), PriorityTarget.Csv));
    }
  }
}

}
