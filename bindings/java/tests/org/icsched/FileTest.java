package org.icsched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing and reading back (files and strings); no dependency on tests/data. */
class FileTest {
  @TempDir
  Path tmp;

  @Test
  void edgesFileRoundTrip() throws IOException {
    Path file = tmp.resolve("diamond.edges");
    try (Dag dag = Diamond.build()) {
      dag.write(file.toString(), Format.EDGES);
      assertTrue(Files.size(file) > 0);
      try (Dag back = Dag.read(file.toString(), Format.EDGES)) {
        assertEquals(Diamond.namedArcs(dag), Diamond.namedArcs(back));
        assertEquals(Diamond.names(dag), Diamond.names(back));
        assertEquals(Format.EDGES, back.sourceFormat());
      }
    }
  }

  @Test
  void handWrittenEdgesFileAutoDetected() throws IOException {
    Path file = tmp.resolve("hand.edges");
    Files.write(file, "# a comment\na b\na c\nb d\nc d\nlonely\n".getBytes(StandardCharsets.UTF_8));
    try (Dag dag = Dag.read(file.toString())) {
      assertEquals(5, dag.nodeCount());
      assertEquals(4L, dag.arcCount());
      assertEquals(0, dag.inDegree(dag.nodeId("lonely")));
      try (Profile p = dag.evaluate(new int[] {dag.nodeId("a"), dag.nodeId("b"), dag.nodeId("c"),
          dag.nodeId("d"), dag.nodeId("lonely")})) {
        assertEquals(Diamond.sum(p.eligible()), p.area());
        assertEquals(2, p.eligible()[0]); // a and lonely
      }
    }
  }

  @Test
  void dotAndJsonRoundTrip() throws IOException {
    try (Dag dag = Dag.fft(2)) {
      for (Format f : new Format[] {Format.EDGES, Format.DOT, Format.WFFORMAT, Format.DAGMAN, Format.DAX}) {
        String text = dag.toString(f);
        try (Dag back = Dag.parse(text, f)) {
          assertEquals(Diamond.namedArcs(dag), Diamond.namedArcs(back), f.toString());
          assertEquals(dag.nodeCount(), back.nodeCount(), f.toString());
          assertEquals(f, back.sourceFormat());
        }
      }
      Path dot = tmp.resolve("fft.dot");
      dag.write(dot.toString(), Format.DOT);
      try (Dag back = Dag.read(dot.toString())) {
        assertEquals(Format.DOT, back.sourceFormat());
        assertEquals(Diamond.namedArcs(dag), Diamond.namedArcs(back));
      }
    }
  }

  @Test
  void parseEdgesText() {
    try (Dag dag = Dag.parse("x y\ny z\n", Format.EDGES)) {
      assertEquals(3, dag.nodeCount());
      assertEquals("y", dag.nodeName(dag.children(dag.nodeId("x"))[0]));
      assertEquals(0, dag.warningCount());
    }
  }

  @Test
  void missingDagmanIncludeIsAWarning() {
    String text = "JOB A a.sub\nJOB B b.sub\nINCLUDE /nonexistent/missing.inc\nPARENT A CHILD B\n";
    // A string opens no file under the default include policy: "allow" here.
    try (Dag dag = Dag.parseWith(text, Format.DAGMAN, "allow", null, 0, 0, 0, 0, 0)) {
      assertEquals(2, dag.nodeCount());
      assertEquals(1, dag.warningCount());
      assertTrue(dag.warning(0).contains("missing.inc"), dag.warning(0));
      IcsException e = assertThrows(IcsException.class, () -> dag.warning(1));
      assertEquals(Status.INVALID_ARGUMENT, e.getCode());
    }
  }

  @Test
  void readLimitsAndIncludePolicy() throws IOException {
    // Strings open no file by default; the message names the policy, not the content.
    String passwd = "JOB A a\nINCLUDE /etc/passwd\n";
    IcsException e = assertThrows(IcsException.class, () -> Dag.parse(passwd, Format.DAGMAN));
    assertEquals(Status.IO, e.getCode());
    assertTrue(e.getMessage().contains("no base directory"), e.getMessage());
    assertTrue(!e.getMessage().contains("root:"), e.getMessage());
    // Inside the base directory an INCLUDE reads; outside it is refused.
    Files.write(tmp.resolve("part.inc"), "JOB B b\n".getBytes(StandardCharsets.UTF_8));
    String text = "JOB A a\nINCLUDE part.inc\nPARENT A CHILD B\n";
    try (Dag dag = Dag.parseWith(text, Format.DAGMAN, null, tmp.toString(), 0, 0, 0, 0, 0)) {
      assertEquals(1L, dag.arcCount());
    }
    e = assertThrows(IcsException.class,
        () -> Dag.parseWith(passwd, Format.DAGMAN, "same-directory-tree", tmp.toString(), 0, 0, 0, 0, 0));
    assertTrue(e.getMessage().contains("outside the directory tree"), e.getMessage());
    e = assertThrows(IcsException.class,
        () -> Dag.parseWith(text, Format.DAGMAN, "deny", tmp.toString(), 0, 0, 0, 0, 0));
    assertTrue(e.getMessage().contains("include policy deny"), e.getMessage());
    // A limit hit: TOO_LARGE naming it.
    Path file = tmp.resolve("three.edges");
    Files.write(file, "a b\nb c\nc d\n".getBytes(StandardCharsets.UTF_8));
    e = assertThrows(IcsException.class,
        () -> Dag.readWith(file.toString(), Format.AUTO, null, null, 0, 0, 0, 0, 2));
    assertEquals(Status.TOO_LARGE, e.getCode());
    assertTrue(e.getMessage().contains("max_arcs = 2"), e.getMessage());
    try (Dag dag = Dag.readWith(file.toString(), Format.AUTO, null, null, 0, 0, 0, 4, 3)) {
      assertEquals(4, dag.nodeCount());
    }
    assertThrows(IcsException.class, () -> Dag.readWith(file.toString(), Format.AUTO, "nope", null, 0, 0, 0, 0, 0));
    assertThrows(IcsException.class, () -> Dag.readWith(file.toString(), Format.AUTO, null, null, -1, 0, 0, 0, 0));
  }
}
