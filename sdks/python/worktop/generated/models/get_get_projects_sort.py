from enum import StrEnum


class GetGetProjectsSort(StrEnum):
    BUDGET = "budget"
    CREATED_AT = "created_at"
    END_DATE = "end_date"
    ID = "id"
    NAME = "name"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-budget"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-name"
    VALUE_9 = "-end_date"

    def __str__(self) -> str:
        return str(self.value)
