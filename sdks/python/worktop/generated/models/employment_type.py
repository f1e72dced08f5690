from enum import StrEnum


class EmploymentType(StrEnum):
    CONTRACT = "contract"
    FULL_TIME = "full_time"
    INTERN = "intern"
    PART_TIME = "part_time"

    def __str__(self) -> str:
        return str(self.value)
