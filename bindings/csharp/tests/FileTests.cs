using System;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Writing and reading back (files and strings); no dependency on tests/data.</summary>
[TestFixture]
public class FileTests {
  private string dir;

  [SetUp]
  public void MakeDir() {
    dir = Path.Combine(Path.GetTempPath(), "icsched-cs-" + Guid.NewGuid().ToString("N"));
    Directory.CreateDirectory(dir);
  }

  [TearDown]
  public void RemoveDir() {
    Directory.Delete(dir, true);
  }

  [Test]
  public void EdgesFileRoundTrip() {
    string file = Path.Combine(dir, "diamond.edges");
    using (var dag = Diamond.Build()) {
      dag.Write(file, Format.Edges);
      Assert.Greater(new FileInfo(file).Length, 0);
      using (var back = Dag.Read(file, Format.Edges)) {
        CollectionAssert.AreEqual(Diamond.NamedArcs(dag), Diamond.NamedArcs(back));
        CollectionAssert.AreEqual(Diamond.Names(dag), Diamond.Names(back));
        Assert.AreEqual(Format.Edges, back.SourceFormat);
      }
    }
  }

  [Test]
  public void HandWrittenEdgesFileAutoDetected() {
    string file = Path.Combine(dir, "hand.edges");
    File.WriteAllText(file, "# a comment\na b\na c\nb d\nc d\nlonely\n");
    using (var dag = Dag.Read(file)) {
      Assert.AreEqual(5, dag.NodeCount);
      Assert.AreEqual(4L, dag.ArcCount);
      Assert.AreEqual(0, dag.InDegree(dag.NodeId("lonely")));
      int[] order = new[] {"a", "b", "c", "d", "lonely"}.Select(dag.NodeId).ToArray();
      using (var p = dag.Evaluate(order)) {
        Assert.AreEqual(p.Eligible().Select(x => (long) x).Sum(), p.Area);
        Assert.AreEqual(2, p.Eligible()[0]);
      }
    }
  }

  [Test]
  public void DotAndJsonRoundTrip() {
    using (var dag = Dag.Fft(2)) {
      foreach (var f in new[] {Format.Edges, Format.Dot, Format.WfFormat, Format.DagMan, Format.Dax}) {
        string text = dag.ToString(f);
        using (var back = Dag.Parse(text, f)) {
          CollectionAssert.AreEqual(Diamond.NamedArcs(dag), Diamond.NamedArcs(back), f.ToString());
          Assert.AreEqual(dag.NodeCount, back.NodeCount, f.ToString());
          Assert.AreEqual(f, back.SourceFormat);
        }
      }
      string dot = Path.Combine(dir, "fft.dot");
      dag.Write(dot, Format.Dot);
      using (var back = Dag.Read(dot)) {
        Assert.AreEqual(Format.Dot, back.SourceFormat);
        CollectionAssert.AreEqual(Diamond.NamedArcs(dag), Diamond.NamedArcs(back));
      }
    }
  }

  [Test]
  public void ParseEdgesText() {
    using (var dag = Dag.Parse("x y\ny z\n", Format.Edges)) {
      Assert.AreEqual(3, dag.NodeCount);
      Assert.AreEqual("y", dag.NodeName(dag.Children(dag.NodeId("x"))[0]));
      Assert.AreEqual(0, dag.WarningCount());
    }
  }

  [Test]
  public void MissingDagmanIncludeIsAWarning() {
    string text = "JOB A a.sub\nJOB B b.sub\nINCLUDE /nonexistent/missing.inc\nPARENT A CHILD B\n";
    // A string opens no file under the default include policy: "allow" here.
    using (var dag = Dag.ParseWith(text, Format.DagMan, "allow", null, 0, 0, 0, 0, 0)) {
      Assert.AreEqual(2, dag.NodeCount);
      Assert.AreEqual(1, dag.WarningCount());
      StringAssert.Contains("missing.inc", dag.Warning(0));
      var e = Assert.Throws<IcsException>(() => dag.Warning(1));
      Assert.AreEqual(Status.InvalidArgument, e.Code);
    }
  }

  [Test]
  public void ReadLimitsAndIncludePolicy() {
    // Strings open no file by default; the message names the policy, not the content.
    string passwd = "JOB A a\nINCLUDE /etc/passwd\n";
    var e = Assert.Throws<IcsException>(() => Dag.Parse(passwd, Format.DagMan));
    Assert.AreEqual(Status.IO, e.Code);
    StringAssert.Contains("no base directory", e.Message);
    StringAssert.DoesNotContain("root:", e.Message);
    File.WriteAllText(Path.Combine(dir, "part.inc"), "JOB B b\n");
    string text = "JOB A a\nINCLUDE part.inc\nPARENT A CHILD B\n";
    using (var dag = Dag.ParseWith(text, Format.DagMan, null, dir, 0, 0, 0, 0, 0)) {
      Assert.AreEqual(1L, dag.ArcCount);
    }
    e = Assert.Throws<IcsException>(() => Dag.ParseWith(passwd, Format.DagMan, "same-directory-tree", dir, 0, 0, 0, 0, 0));
    StringAssert.Contains("outside the directory tree", e.Message);
    e = Assert.Throws<IcsException>(() => Dag.ParseWith(text, Format.DagMan, "deny", dir, 0, 0, 0, 0, 0));
    StringAssert.Contains("include policy deny", e.Message);
    string file = Path.Combine(dir, "three.edges");
    File.WriteAllText(file, "a b\nb c\nc d\n");
    e = Assert.Throws<IcsException>(() => Dag.ReadWith(file, Format.Auto, null, null, 0, 0, 0, 0, 2));
    Assert.AreEqual(Status.TooLarge, e.Code);
    StringAssert.Contains("max_arcs = 2", e.Message);
    using (var dag = Dag.ReadWith(file, Format.Auto, null, null, 0, 0, 0, 4, 3)) {
      Assert.AreEqual(4, dag.NodeCount);
    }
    Assert.Throws<IcsException>(() => Dag.ReadWith(file, Format.Auto, "nope", null, 0, 0, 0, 0, 0));
    Assert.Throws<IcsException>(() => Dag.ReadWith(file, Format.Auto, null, null, -1, 0, 0, 0, 0));
  }
}

}
