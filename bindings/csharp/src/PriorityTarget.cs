namespace IcSched {

/// <summary>
/// What Dag.PrioritiesText and Dag.WritePriorities write (ics_priority_target; same values).
/// Written by hand, not generated: SWIG would drop DagMan, Dax and WfFormat, whose names
/// the members of Format take.
/// </summary>
public enum PriorityTarget {
  /// <summary>The DAGMan file the dag was read from, with PRIORITY lines.</summary>
  DagMan = 0,
  /// <summary>The Pegasus DAX it was read from, with a condor priority profile per job.</summary>
  Dax = 1,
  /// <summary>Its WfFormat JSON with a "priority" per task (a new WfFormat 1.5 file for other sources).</summary>
  WfFormat = 2,
  /// <summary>{"weight_rule": "absolute", "priority_weight": {task_id: weight}}.</summary>
  AirflowJson = 3,
  /// <summary>The same as a Python module (WEIGHT_RULE, PRIORITY_WEIGHTS).</summary>
  AirflowPython = 4,
  /// <summary>node,rank,priority.</summary>
  Csv = 5,
  /// <summary>[{"node", "rank", "priority"}].</summary>
  TableJson = 6
}

}
