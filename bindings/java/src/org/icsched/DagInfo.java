package org.icsched;

/**
 * Summary numbers of a {@link Dag} ({@code ics_dag_info}).
 *
 * @param nodes         number of nodes
 * @param arcs          distinct arcs
 * @param duplicateArcs arcs given more than once (merged)
 * @param sources       nodes without parents
 * @param sinks         nodes without children
 * @param levels        longest path, counted in nodes
 * @param maxLevelWidth most nodes on one longest-path level
 */
public record DagInfo(int nodes, long arcs, long duplicateArcs, int sources, int sinks, int levels,
    int maxLevelWidth) {
}
