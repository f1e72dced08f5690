from enum import StrEnum


class AttendanceStatus(StrEnum):
    ABSENT = "absent"
    HALF_DAY = "half_day"
    PRESENT = "present"

    def __str__(self) -> str:
        return str(self.value)
