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
}

}
