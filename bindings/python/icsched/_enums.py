"""The C enums of ics.h as IntEnum classes (same names and values as Java's).

The values come from the low-level module (the C header), so a value added to
an enum of ics.h appears here without an edit.
"""
import enum as _enum

from . import _ics


def _from_c(name, prefixes, doc):
    members = {}
    for attr in dir(_ics):
        value = getattr(_ics, attr)
        if not isinstance(value, int):
            continue
        if attr == 'ICS_OK' and 'ICS_OK' in prefixes:
            members['OK'] = value
            continue
        for prefix in prefixes:
            if attr.startswith(prefix) and len(attr) > len(prefix):
                members[attr[len(prefix):]] = value
    if not members:
        raise ImportError('icsched: no %s constants in the low-level module' % name)
    cls = _enum.IntEnum(name, sorted(members.items(), key=lambda kv: (kv[1] < 0, abs(kv[1]))),
                        module=__name__.rsplit('.', 1)[0])
    cls.__doc__ = doc
    return cls


Status = _from_c('Status', ('ICS_ERR_', 'ICS_OK'),
                 'ics_status: OK (0) or a negative error code (IcsException.code).')
Format = _from_c('Format', ('ICS_FORMAT_',), 'ics_format: file formats of Dag.read/parse/write.')
Policy = _from_c('Policy', ('ICS_POLICY_',), 'ics_policy: baseline orders of Dag.order.')
Objective = _from_c('Objective', ('ICS_OBJECTIVE_',),
                    'ics_objective: what the freedom among IC-optimal schedules is spent on.')
ScheduleStatus = _from_c('ScheduleStatus', ('ICS_SCHEDULE_',),
                         'ics_schedule_status: IC_OPTIMAL (proven) or HEURISTIC (see Schedule.reason).')
ScheduleMethod = _from_c('ScheduleMethod', ('ICS_METHOD_',), 'ics_schedule_method: how a schedule was found.')
ClusterStrategy = _from_c('ClusterStrategy', ('ICS_CLUSTER_',),
                          'ics_cluster_strategy: how Cluster.extract chooses a clustered task.')
BatchMethod = _from_c('BatchMethod', ('ICS_BATCH_METHOD_',), 'ics_batch_method: how Batch chooses a batch.')
