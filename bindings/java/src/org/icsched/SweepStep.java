package org.icsched;

/**
 * One step of the interleaved order of a sum of dags ({@link Sweep#order()}).
 *
 * @param dagIndex the summand: index into the dags given to {@link Sweep#ofDags(Dag...)}
 * @param nodeId   the node of that dag executed at this step
 */
public record SweepStep(int dagIndex, int nodeId) {
}
