package org.icsched;

/**
 * What {@link Dag#prioritiesText} and {@link Dag#writePriorities} write (ics_priority_target;
 * same values). Written by hand, not generated: SWIG would drop DAGMAN, DAX and WFFORMAT,
 * whose names the members of {@link Format} take.
 */
public enum PriorityTarget {
  /** The DAGMan file the dag was read from, with PRIORITY lines. */
  DAGMAN,
  /** The Pegasus DAX it was read from, with a condor priority profile per job. */
  DAX,
  /** Its WfFormat JSON with a "priority" per task (a new WfFormat 1.5 file for other sources). */
  WFFORMAT,
  /** {"weight_rule": "absolute", "priority_weight": {task_id: weight}}. */
  AIRFLOW_JSON,
  /** The same as a Python module (WEIGHT_RULE, PRIORITY_WEIGHTS). */
  AIRFLOW_PYTHON,
  /** node,rank,priority. */
  CSV,
  /** [{"node", "rank", "priority"}]. */
  TABLE_JSON;

  /** The C value (the declaration order). */
  public int swigValue() {
    return ordinal();
  }
}
